import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ToastContainer } from 'react-toastify';
import { CrashScreen } from '@/components/errors/crash-screen';
import { createQueryClient } from '@/lib/query-client';

/** App-wide providers: the crash screen for anything the router does not catch, queries, toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <ErrorBoundary FallbackComponent={CrashScreen}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToastContainer position="top-right" autoClose={5000} theme="dark" newestOnTop closeOnClick />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
