import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { CrashScreen } from '@/components/errors/crash-screen';
import { createQueryClient } from '@/lib/query-client';
import { useToastsRequested } from '@/lib/toast';

// The toasts' container loads with the first toast (lib/toast.ts; docs/web-quality.md, JavaScript
// per route); react-toastify queues a toast raised before it is mounted and shows it then.
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** App-wide providers: the crash screen for anything the router does not catch, queries, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const toastsRequested = useToastsRequested();

  return (
    <ErrorBoundary FallbackComponent={CrashScreen}>
      <QueryClientProvider client={queryClient}>
        {children}
        {toastsRequested && (
          <Suspense>
            <ToastContainer position="top-right" autoClose={5000} theme="dark" newestOnTop closeOnClick />
          </Suspense>
        )}
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
