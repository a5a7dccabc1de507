import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { nextTask } from '@/lib/next-task';

/**
 * The toaster (sonner, and the media query that places it), loaded once the page has loaded: ~34
 * kB that were evaluated, and a media query that was matched, in the page's first render on every
 * page, for toasts that come later if at all (Lighthouse on a phone counted that render as
 * blocking on /dashboard, and its download competed with the page's own). The screens import
 * `toast` from sonner as before; a toast raised before the toaster mounts is shown when it does
 * (sonner replays the toasts still open to a toaster that mounts late).
 */
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/** Runs `then` in a task of its own once the document and what it loads have loaded. */
function afterLoad(then: () => void): () => void {
  let cancel = () => {};
  const later = () => {
    cancel = nextTask(then);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    cancel();
  };
}

/**
 * The toaster once the page has loaded. Its own state, so mounting it re-renders nothing but
 * itself (not the session's provider nor the pages under it).
 */
function ToasterAfterLoad() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterLoad(() => setWanted(true)), []);
  return (
    wanted && (
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    )
  );
}

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
      <ToasterAfterLoad />
    </QueryClientProvider>
  );
}
