import type {
  TAwaitingResultsShow,
  TDashboardShow,
  TPendingDashboardShow,
  TUpcomingDashboardShow,
} from '@encore/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatShowTime } from '@/lib/show-format';
import { FigureCard } from './figure-card';
import { formatCount, formatDaysToShow } from './format';

/** Whose dashboard the lists are on: a show is named by the other party. */
export type DashboardOwner = 'performer' | 'venue';

interface ShowListsProps {
  owner: DashboardOwner;
  upcoming: readonly TUpcomingDashboardShow[];
  awaitingResults: readonly TAwaitingResultsShow[];
  pendingConfirmation: readonly TPendingDashboardShow[];
}

const OTHER_PARTY: Record<DashboardOwner, string> = {
  performer: 'the venue',
  venue: 'the performer',
};

const smallLink = buttonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' });

/** The three show lists both dashboards end with. */
export function ShowLists({
  owner,
  upcoming,
  awaitingResults,
  pendingConfirmation,
}: ShowListsProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <FigureCard
        title="Upcoming shows"
        definition="Your confirmed shows still to come, soonest first. Going: fans who marked the show as going. Ticket clicks: taps on 'Purchase Ticket(s)' on Encore, each visitor counted once per show per day (nothing about the fan is kept)."
      >
        <ShowList
          shows={upcoming}
          owner={owner}
          empty="No upcoming shows. Announce one in My Shows and your followers get an alert."
          extra={(show) => (
            <p className="text-sm text-fg-muted">
              {formatDaysToShow(show.daysToShow)} · {formatCount(show.going)} going ·{' '}
              {formatCount(show.ticketClicks)} ticket {show.ticketClicks === 1 ? 'click' : 'clicks'}
            </p>
          )}
        />
      </FigureCard>
      <FigureCard
        title="Waiting for results"
        definition={`Past shows with no attendance entered yet. Results feed attendance, revenue and merch figures; ${OTHER_PARTY[owner]} enters them when it is on Encore, otherwise you do.`}
      >
        <ShowList
          shows={awaitingResults}
          owner={owner}
          empty="Every past show has its results."
          extra={(show) =>
            show.mayEnterResults ? (
              <Link to={`${paths.manageShows.edit.href(show.id)}#results`} className={smallLink}>
                Enter results<span className="sr-only"> for {showName(show, owner)}</span>
              </Link>
            ) : (
              <p className="text-sm text-fg-muted">Waiting for {OTHER_PARTY[owner]}</p>
            )
          }
        />
      </FigureCard>
      <FigureCard
        title="Pending confirmation"
        definition="Shows announced by one party that the other has not confirmed yet. They are not public until confirmed."
      >
        <ShowList
          shows={pendingConfirmation}
          owner={owner}
          empty="Nothing waiting for a confirmation."
          extra={(show) =>
            show.waitingForMe ? (
              <Link to={paths.manageShows.list.href()} className={smallLink}>
                Answer in My Shows<span className="sr-only"> for {showName(show, owner)}</span>
              </Link>
            ) : (
              <p className="text-sm text-fg-muted">Waiting for {OTHER_PARTY[owner]}</p>
            )
          }
        />
      </FigureCard>
    </div>
  );
}

/** Named by the other party: a performer sees where, a venue sees who. */
const showName = (show: TDashboardShow, owner: DashboardOwner) =>
  owner === 'performer' ? show.venueName : show.performerName;

interface ShowListProps<S extends TDashboardShow> {
  shows: readonly S[];
  owner: DashboardOwner;
  empty: string;
  extra: (show: S) => ReactNode;
}

function ShowList<S extends TDashboardShow>({ shows, owner, empty, extra }: ShowListProps<S>) {
  if (shows.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ul className="flex flex-col divide-y divide-line">
      {shows.map((show) => (
        <li key={show.id} className="flex flex-col gap-1 py-3 first:pt-0">
          <Link
            to={paths.show.href(show.id)}
            className="font-semibold break-words underline-offset-4 hover:underline"
          >
            {showName(show, owner)}
          </Link>
          <p className="text-sm text-fg-muted">
            {formatShowTime(show.startsAt, show.timeZone)} · {show.city}, {show.state}
          </p>
          <div>{extra(show)}</div>
        </li>
      ))}
    </ul>
  );
}
