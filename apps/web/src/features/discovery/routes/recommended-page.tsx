import { DISCOVERY_LABELS as L, type TRecommendedArtist } from '@encore/contract';
import { Compass, Settings, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/page-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useRecommended } from '../api/get-recommended';
import type { RenderAlert } from '../components/alert-slot';
import { ArtistGridSkeleton } from '../components/artist-grid';
import { PlaceChoice } from '../components/place-choice';
import { RecommendedList } from '../components/recommended-list';

/**
 * Spec "Other fan pages" ('Recommended'): artists on tour in the fan's favourite genres, those
 * playing within the fan's radius of home first, each with the set-alert action.
 */
export function RecommendedPageRoute({ renderAlert }: { renderAlert?: RenderAlert }) {
  const [placeId, setPlaceId] = useState<string | null>(null);
  const recommended = useRecommended(placeId);
  const home = recommended.data?.home;
  const artists = recommended.data?.artists ?? [];
  const near = artists.filter((a) => a.nearby);
  const elsewhere = artists.filter((a) => !a.nearby);

  return (
    <div className="flex flex-col gap-6">
      <PageTitle title={L.recommendedTitle} />
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-3xl font-bold tracking-tight">{L.recommendedTitle}</h1>
        <p className="text-fg-muted">
          {home
            ? `Artists on tour in your favourite genres (${home.genres.join(', ')}), nearest shows first.`
            : 'Artists on tour in your favourite genres, nearest shows first.'}
        </p>
      </div>
      <PlaceChoice value={placeId} onChange={setPlaceId} />
      {recommended.isPending && <ArtistGridSkeleton what="recommended artists" />}
      {recommended.isError && (
        <LoadError
          what="recommended artists"
          error={recommended.error}
          retry={() => void recommended.refetch()}
        />
      )}
      {recommended.isSuccess && artists.length === 0 && <NoneOnTour />}
      {home && near.length > 0 && (
        <Group
          title={`Near ${home.city}`}
          note={nearNote(home)}
          artists={near}
          renderAlert={renderAlert}
        />
      )}
      {elsewhere.length > 0 && (
        <Group
          title={near.length > 0 ? 'On tour elsewhere' : 'On tour'}
          note={home ? `No shows within ${home.radiusMiles} miles yet` : undefined}
          artists={elsewhere}
          renderAlert={renderAlert}
        />
      )}
    </div>
  );
}

/** 'of home', or of the chosen place, with its trip's days when it is one. */
function nearNote(home: {
  radiusMiles: number;
  city: string;
  placeId: string | null;
  trip: string | null;
}) {
  if (!home.placeId) return `Playing within ${home.radiusMiles} miles of home`;
  const during = home.trip ? `, during your trip (${home.trip})` : '';
  return `Playing within ${home.radiusMiles} miles of ${home.city}${during}`;
}

function Group(props: {
  title: string;
  note?: string;
  artists: TRecommendedArtist[];
  renderAlert?: RenderAlert;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h2 id={headingId} className="font-display text-xl font-semibold">
          {props.title}
        </h2>
        {props.note && <p className="text-sm text-fg-muted">{props.note}</p>}
      </div>
      <RecommendedList artists={props.artists} renderAlert={props.renderAlert} />
    </section>
  );
}

function NoneOnTour() {
  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <Sparkles aria-hidden className="size-10 text-accent" />
      <h2 className="font-display text-xl font-semibold">No artists in your genres are on tour</h2>
      <p className="max-w-prose text-fg-muted">
        When artists of your favourite genres announce shows, they appear here, those near your home
        first. Search for any artist, or add genres in your settings.
      </p>
      <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
        <Link to={paths.fan.discovery.href()} className={buttonClasses()}>
          <Compass aria-hidden className="size-4" />
          {L.title}
        </Link>
        <Link to={paths.fan.settings.href()} className={buttonClasses({ variant: 'secondary' })}>
          <Settings aria-hidden className="size-4" />
          Change genres or radius
        </Link>
      </div>
    </Card>
  );
}
