import { CITY_SHOWS_LABELS, type TRole } from '@encore/contract';
import { ArrowRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { PageTitle } from '@/components/page-title';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RoleCardGroup } from '../components/role-card-group';

const LINK = 'font-semibold text-accent underline-offset-4 hover:underline';

/**
 * The role choice (spec "Splash and role choice"). Signed-in users are not sent away (logout
 * lands here), but get a way back to their own home via `dashboardHref`.
 */
export function LandingRoute({ dashboardHref }: { dashboardHref?: string }) {
  const [role, setRole] = useState<TRole | null>(null);
  const navigate = useNavigate();
  const headingId = useId();

  return (
    <div className="flex min-h-dvh flex-col">
      <PageTitle title="Choose how you want to continue" />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-5 pt-6">
        <Logo />
        {dashboardHref && (
          <Link to={dashboardHref} className={LINK}>
            Go to your dashboard
          </Link>
        )}
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col justify-center gap-8 px-5 py-10">
        <div className="flex flex-col gap-2 text-center">
          <h1 id={headingId} className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Choose how you want to continue
          </h1>
          <p className="text-fg-muted">You can only pick one per account.</p>
        </div>
        <RoleCardGroup value={role} onChange={setRole} labelledBy={headingId} />
        <div className="mx-auto flex w-full max-w-sm flex-col items-center gap-5">
          <Button
            size="lg"
            className="w-full"
            disabled={!role}
            onClick={() => role && navigate(paths.auth.createAccount.href(), { state: { role } })}
          >
            Continue
            <ArrowRight aria-hidden className="size-5" />
          </Button>
          <p className="text-fg-muted">
            Already have an account?{' '}
            <Link to={paths.auth.login.href()} className={LINK}>
              Login
            </Link>
          </p>
          <Link to={paths.cityShows.href()} className={LINK}>
            {CITY_SHOWS_LABELS.browseCities}
          </Link>
        </div>
      </main>
    </div>
  );
}
