import { Megaphone, Share2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShowLists } from '@/components/dashboard/show-lists';
import { EmptyState, QueryStates } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePerformerDashboard } from '../api/get-performer-dashboard';
import { AlertActivations, AlertsDelivered } from '../components/alert-figures';
import { FollowerChart, FollowerFigures, TopCities } from '../components/follower-figures';
import { ShowRequestFigures } from '../components/show-request-figures';
import { TourFigures } from '../components/tour-figures';

interface PerformerDashboardProps {
  /** The performer's public artist page, shared to gain followers (app/ passes it). */
  profileHref: string;
  /** The tour-planning assistant card, composed by app/ (features do not import features). */
  planner?: ReactNode;
}

/**
 * The performer dashboard: followers and their growth, fan cities, the last tour's
 * attendance and merch, alerts, the cities fans asked for a show in, and the show lists, each figure with how it is counted.
 */
export function PerformerDashboardRoute({ profileHref, planner }: PerformerDashboardProps) {
  const dashboard = usePerformerDashboard();
  return (
    <div className="flex flex-col gap-6">
      <PageTitle title="Performer Dashboard" />
      <header className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">Performer Dashboard</h1>
        <p className="text-fg-muted">Your audience on Encore, counted from your shows and fans.</p>
      </header>
      <QueryStates query={dashboard} what="your dashboard" rows={3} />
      {dashboard.isSuccess && (
        <>
          {dashboard.data.followers.total === 0 && <NoFollowersYet profileHref={profileHref} />}
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <FollowerFigures followers={dashboard.data.followers} />
            <TopCities cities={dashboard.data.topCities} />
            <TourFigures tour={dashboard.data.lastTour} />
            <AlertActivations activations={dashboard.data.alertActivations} />
            <FollowerChart byMonth={dashboard.data.followers.byMonth} className="sm:col-span-2" />
            <AlertsDelivered delivered={dashboard.data.alertsDelivered} />
            <ShowRequestFigures requests={dashboard.data.showRequests} />
          </div>
          {planner}
          <ShowLists owner="performer" {...dashboard.data.shows} />
        </>
      )}
    </div>
  );
}

function NoFollowersYet({ profileHref }: { profileHref: string }) {
  return (
    <EmptyState
      icon={UserPlus}
      title="No followers yet"
      actions={
        <>
          <Link to={profileHref} className={buttonClasses({ variant: 'secondary' })}>
            <Share2 aria-hidden className="size-4" />
            Your public page to share
          </Link>
          <Link to={paths.manageShows.announce.href()} className={buttonClasses()}>
            <Megaphone aria-hidden className="size-4" />
            Announce a show
          </Link>
        </>
      }
    >
      Fans follow you by setting an alert on you. Share your artist page, and announce your shows:
      fans near them discover you through their alerts.
    </EmptyState>
  );
}
