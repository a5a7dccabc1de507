import { ROLE_CARDS, type TRole } from '@encore/contract';
import { CalendarCheck, Eye, History } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListSkeleton, LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useFanHome } from '../api/get-fan-home';
import { DidYouGo } from '../components/did-you-go';
import { NextShowCard } from '../components/next-show-card';
import { QuickAccess } from '../components/quick-access';
import { StatTile } from '../components/stat-tile';
import { useFirstVisit } from '../utils/first-visit';

interface FanDashboardProps {
  /** Who is signed in, for the welcome header (app/ passes the session user). */
  user: { id: string; username: string; role: TRole; createdAt: string };
  /** The one-time 'Finish setting up' card (another feature's; app/ passes it in). */
  setupCard?: ReactNode;
}

/** Spec "Fan dashboard": welcome, the three counts, the next show, prompts and Quick Access. */
export function FanDashboardRoute({ user, setupCard }: FanDashboardProps) {
  const home = useFanHome();
  const firstVisit = useFirstVisit(user);
  return (
    <div className="flex flex-col gap-8">
      <PageTitle title="Dashboard" />
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-accent">
          {ROLE_CARDS[user.role].title} · {ROLE_CARDS[user.role].description}
        </p>
        <h1 className="font-display text-3xl font-bold tracking-tight break-words">
          {firstVisit ? 'Welcome to Encore' : 'Welcome back'}, @{user.username}
        </h1>
      </header>
      {setupCard}
      {home.isPending && <ListSkeleton what="your dashboard" rows={2} />}
      {home.isError && (
        <LoadError what="your dashboard" error={home.error} retry={() => void home.refetch()} />
      )}
      {home.isSuccess && (
        <>
          <ul aria-label="Your shows" className="grid grid-cols-3 gap-3">
            <li>
              <StatTile
                label="Going To"
                value={home.data.counts.goingTo}
                icon={CalendarCheck}
                to={paths.fan.showsAttending.href()}
              />
            </li>
            <li>
              <StatTile
                label="Watching"
                value={home.data.counts.watching}
                icon={Eye}
                to={paths.fan.watching.href()}
              />
            </li>
            <li>
              <StatTile
                label="Attended"
                value={home.data.counts.attended}
                icon={History}
                to={paths.fan.showsAttended.href()}
              />
            </li>
          </ul>
          <DidYouGo items={home.data.toConfirm} />
          <NextShowCard next={home.data.nextShow} />
        </>
      )}
      {/* Not while the counts load: the loaded counts, prompts and next show are taller than
          their skeleton, and Quick Access would jump down under the fan's thumb (a layout shift
          of ~0.2, Lighthouse on a phone). Appearing below them moves nothing. */}
      {!home.isPending && <QuickAccess />}
    </div>
  );
}
