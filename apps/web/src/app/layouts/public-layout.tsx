import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { buttonClasses } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathFor } from '@/features/auth/utils/home-path';
import { FanNav } from './fan-nav';
import { LogoutButton } from './logout-button';
import { NotificationBellSlot } from './notification-bell-slot';
import { SignedInAs, SkipToContent } from './page-chrome';

/**
 * The frame of the public pages (shows, artists, venues): anyone may look. Signed in, the header
 * is the usual one (fans keep their bell and bottom navigation); signed out, it offers Login / Sign up.
 */
export function PublicLayout() {
  const { user, status } = useAuth();
  if (status === 'pending') return <PageSpinner />;
  const isFan = user?.role === 'fan';
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipToContent />
      <header className="sticky top-0 z-20 border-b border-line bg-bg/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4">
          <Link
            to={user ? homePathFor(user) : paths.landing.href()}
            aria-label="Encore home"
            className="shrink-0 rounded-lg"
          >
            <Logo compact />
          </Link>
          {user ? (
            <div className="flex min-w-0 items-center gap-2 sm:gap-4">
              <SignedInAs user={user} />
              <NotificationBellSlot />
              <LogoutButton />
            </div>
          ) : (
            <div className="flex items-center gap-2">
              <Link
                to={paths.auth.login.href()}
                className={buttonClasses({ variant: 'ghost', size: 'sm' })}
              >
                Login
              </Link>
              <Link to={paths.landing.href()} className={buttonClasses({ size: 'sm' })}>
                Sign up
              </Link>
            </div>
          )}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={`mx-auto w-full max-w-3xl flex-1 px-4 py-8 ${isFan ? 'pb-28' : ''}`}
      >
        <Outlet />
      </main>
      {isFan && <FanNav />}
    </div>
  );
}
