import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth/components/auth-provider';

const TOAST_BOTTOM = 'calc(5rem + env(safe-area-inset-bottom))';

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
      {/*
        At the bottom: at the top, under the header, a toast covered the heading of the page it
        came with ('Login successful' over the dashboard's welcome). Lifted above the fans'
        bottom navigation (4rem plus the phone's safe area) so it never covers it either.
      */}
      <Toaster
        position="bottom-right"
        offset={{ bottom: TOAST_BOTTOM, right: 24 }}
        mobileOffset={{ bottom: TOAST_BOTTOM }}
        duration={5000}
        visibleToasts={3}
        theme="dark"
        richColors
        closeButton
        // Said, not looked up: left out, sonner reads the page's direction with getComputedStyle
        // at every render, a style recalculation in the middle of the first one.
        dir="ltr"
      />
    </QueryClientProvider>
  );
}
