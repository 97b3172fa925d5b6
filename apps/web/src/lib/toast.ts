import { useSyncExternalStore } from 'react';
import type * as Toastify from 'react-toastify';
import type { Id, ToastContent, ToastOptions } from 'react-toastify';

/**
 * The app's toasts: react-toastify's `toast`, loaded with the first toast rather than with the
 * page (docs/web-quality.md, JavaScript per route). Calls keep their order; a call returns the
 * toast's id at once (its own `toastId`, or a new one) so it can be dismissed.
 */
type Kind = 'error' | 'success' | 'warn' | 'info';

let toastify: Promise<typeof Toastify> | undefined;
const listeners = new Set<() => void>();
let nextId = 0;

function withToastify(use: (module: typeof Toastify) => void): void {
  if (!toastify) {
    toastify = import('react-toastify');
    // The container (app/provider.tsx) mounts now; toastify queues the toasts until it has.
    for (const listener of listeners) listener();
  }
  void toastify.then(use);
}

function show(kind: Kind, content: ToastContent, options?: ToastOptions): Id {
  const toastId = options?.toastId ?? `toast-${++nextId}`;
  withToastify(({ toast }) => toast[kind](content, { ...options, toastId }));
  return toastId;
}

export const toast = {
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  warn: (content: ToastContent, options?: ToastOptions) => show('warn', content, options),
  warning: (content: ToastContent, options?: ToastOptions) => show('warn', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
  dismiss(id?: Id): void {
    if (toastify) withToastify(({ toast }) => toast.dismiss(id));
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was raised: the toasts' container is mounted from then on. */
export function useToastsRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => toastify !== undefined,
    () => false,
  );
}
