import { CITY_SHOWS_LABELS, type TShowDetail } from '@encore/contract';
import { Link, useParams } from 'react-router';
import { useShow } from '@/api/shows';
import { PageTitle } from '@/components/page-title';
import { Face } from '@/components/shows/face';
import { StatusBadge } from '@/components/shows/status-badge';
import { paths } from '@/config/paths';
import { AttendeesBlock } from '../components/attendees-block';
import { FanPlans } from '../components/fan-plans';
import { LoginPrompt } from '../components/login-prompt';
import { PageError, PageSkeleton } from '../components/page-state';
import { ShowActions } from '../components/show-actions';
import { ShowBill } from '../components/show-bill';
import { ShowFacts } from '../components/show-facts';
import type { Viewer } from '../utils/viewer';

/** /shows/:id — public: anyone can look; fans can say they are going. */
export function ShowPageRoute({ viewer }: { viewer: Viewer }) {
  const { id = '' } = useParams();
  const query = useShow(id);
  if (query.error)
    return <PageError error={query.error} retry={() => query.refetch()} what="show" />;
  if (!query.data) return <PageSkeleton what="show" />;
  return <ShowDetailView detail={query.data} viewer={viewer} />;
}

/** To the public city listing around the show's venue (/shows?near=City, ST). */
function MoreShowsNear({ city, state }: { city: string; state: string }) {
  if (!city || !state) return null;
  const place = `${city}, ${state}`;
  return (
    <p>
      <Link
        to={paths.cityShows.href(place)}
        className="font-semibold text-accent underline-offset-4 hover:underline"
      >
        {CITY_SHOWS_LABELS.moreNear(place)}
      </Link>
    </p>
  );
}

function ShowDetailView({ detail, viewer }: { detail: TShowDetail; viewer: Viewer }) {
  const { show } = detail;
  const { performer } = show;
  return (
    <article className="flex flex-col gap-8">
      <PageTitle title={`${performer.name} at ${show.venue.name}`} />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Face name={performer.name} photoUrl={performer.photoUrl} decorative size="xl" />
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={show.status} />
            <span className="text-sm text-fg-muted">{show.genre}</span>
          </div>
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            <Link
              to={paths.artistPage.href(performer.id)}
              className="underline-offset-4 hover:underline"
            >
              {performer.name}
            </Link>
          </h1>
          {show.supportingActs.length > 0 && (
            <p className="text-fg-muted">
              with {show.supportingActs.map((act) => act.name).join(', ')}
            </p>
          )}
        </div>
      </header>
      {show.confirmation.state !== 'confirmed' && (
        <p role="note" className="rounded-2xl border border-line-strong p-4 font-semibold">
          {show.confirmation.state === 'pending'
            ? `Not public yet: only ${performer.name} and ${show.venue.name} see this page until it is confirmed in Your Shows.`
            : 'Declined: this show was withdrawn and is not public.'}
        </p>
      )}
      {show.status === 'cancelled' && (
        <p role="note" className="rounded-2xl border border-danger p-4 font-semibold text-danger">
          This show has been cancelled.
        </p>
      )}
      <ShowFacts show={show} newDatePending={detail.newDatePending} />
      <ShowActions detail={detail} />
      {viewer?.role === 'fan' && <FanPlans detail={detail} />}
      {viewer === null && <LoginPrompt action="say you're going" />}
      <ShowBill show={show} />
      <AttendeesBlock detail={detail} viewer={viewer} />
      <MoreShowsNear city={show.venue.city} state={show.venue.state} />
    </article>
  );
}
