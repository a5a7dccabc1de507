import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth/components/auth-provider';

/** Everything the pages share: server state, the session, and toasts. */
export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Below the 4rem header, so a toast never covers the bell or the header's buttons. */}
      <Toaster
        position="top-center"
        offset={{ top: 72 }}
        mobileOffset={{ top: 72 }}
        duration={5000}
        visibleToasts={3}
        theme="dark"
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
