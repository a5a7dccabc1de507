import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { homePathFor } from '@/features/auth/utils/home-path';
import { cn } from '@/lib/cn';
import { useSignedInPage } from '../routes/use-signed-in-page';
import { BookerNav } from './booker-nav';
import { DashboardActions } from './dashboard-actions';
import { FanNav } from './fan-nav';
import { LogoutButton } from './logout-button';
import { NotificationBellSlot } from './notification-bell-slot';
import { SignedInAs, SkipToContent } from './page-chrome';

/**
 * The frame of every signed-in page: header with who is signed in (and, on performers' and venues'
 * pages, their navigation), the page, the fans' bottom navigation.
 */
export function AppLayout() {
  const { user } = useAuth();
  const page = useSignedInPage();
  // RequireUser renders this only with a user; the check keeps the types honest.
  if (!user) return null;
  // Pages shared by several roles (Notifications) show each role its own navigation.
  const fanNav = page.fanNav && user.role === 'fan';
  const bookerRole = page.bookerNav && user.role !== 'fan' ? user.role : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipToContent />
      <header className="sticky top-0 z-20 border-b border-line bg-bg/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4">
          <Link to={homePathFor(user)} className="shrink-0 rounded-lg">
            <Logo compact />
          </Link>
          <div className="flex min-w-0 items-center gap-2 sm:gap-4">
            <SignedInAs user={user} />
            <DashboardActions />
            <NotificationBellSlot />
            <LogoutButton />
          </div>
        </div>
        {bookerRole && <BookerNav role={bookerRole} />}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn('mx-auto w-full max-w-5xl flex-1 px-4 py-8', fanNav && 'pb-28')}
      >
        <Outlet />
      </main>
      {fanNav && <FanNav />}
    </div>
  );
}
