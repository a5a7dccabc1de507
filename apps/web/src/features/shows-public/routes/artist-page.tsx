import type { TArtistAlert, TArtistPage } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Face } from '@/components/shows/face';
import { formatCount } from '@/components/shows/format-show';
import { ShowList } from '@/components/shows/show-card';
import { artistQueryKey, useArtist } from '../api/get-artist';
import { ExternalLinks, instagramUrl } from '../components/external-links';
import { LoginPrompt } from '../components/login-prompt';
import { PageError, PageSkeleton } from '../components/page-state';
import { ShowRequestButton } from '../components/show-request-button';
import type { Viewer } from '../utils/viewer';

/** What the page hands to the alert controls composed in by src/app. */
export interface AlertSlotProps {
  artistId: string;
  artistName: string;
  alert: TArtistAlert | null;
  /** Call after the alert was saved or removed, so the page shows the new state. */
  onChange: () => void;
}

interface ArtistPageProps {
  viewer: Viewer;
  /** The alert activation controls (features/alerts), for fans only. */
  renderAlert: (props: AlertSlotProps) => ReactNode;
}

/**
 * /artists/:id — public: profile, upcoming and past shows; fans set an alert and ask for a show
 * near home. Signed-out visitors are asked to log in for both; performers and venues see neither.
 */
export function ArtistPageRoute({ viewer, renderAlert }: ArtistPageProps) {
  const { id = '' } = useParams();
  const query = useArtist(id);
  const queryClient = useQueryClient();
  if (query.error)
    return <PageError error={query.error} retry={() => query.refetch()} what="artist" />;
  if (!query.data) return <PageSkeleton what="artist" />;
  const onChange = () => queryClient.invalidateQueries({ queryKey: artistQueryKey(id) });
  return (
    <ArtistView
      page={query.data}
      alertArea={
        viewer?.role === 'fan' ? (
          <>
            {renderAlert({
              artistId: id,
              artistName: query.data.artist.name,
              alert: query.data.alert,
              onChange,
            })}
            <ShowRequestButton artistId={id} />
          </>
        ) : viewer === null ? (
          <>
            <LoginPrompt action="set an alert" />
            <LoginPrompt action="ask for a show near you" />
          </>
        ) : null
      }
    />
  );
}

function ArtistView({ page, alertArea }: { page: TArtistPage; alertArea: ReactNode }) {
  const { artist, upcoming, past } = page;
  return (
    <article className="flex flex-col gap-8">
      <PageTitle title={artist.name} />
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Face name={artist.name} photoUrl={artist.photoUrl} decorative size="2xl" />
        <div className="flex min-w-0 flex-col gap-2">
          {artist.currentlyTouring && (
            <span className="inline-flex h-7 w-fit items-center rounded-full border border-accent px-3 text-xs font-semibold text-accent">
              On Tour
            </span>
          )}
          <h1 className="font-display text-3xl font-bold tracking-tight sm:text-4xl">
            {artist.name}
          </h1>
          <p className="text-fg-muted">
            {artist.genres.join(' · ')}
            {artist.genres.length > 0 && ' · '}
            {formatCount(artist.followers)} {artist.followers === 1 ? 'follower' : 'followers'}
          </p>
        </div>
      </header>
      {alertArea && <div className="flex flex-col gap-4">{alertArea}</div>}
      {artist.bio && <p className="max-w-prose whitespace-pre-line">{artist.bio}</p>}
      <ExternalLinks
        links={[
          { label: 'Website', href: artist.websiteUrl },
          { label: 'Spotify', href: artist.spotifyUrl },
          { label: 'Instagram', href: instagramUrl(artist.instagramHandle) },
        ]}
      />
      <ShowList
        title="Upcoming Shows"
        shows={upcoming}
        empty="No upcoming shows yet"
        artistId={artist.id}
      />
      {past.length > 0 && (
        <ShowList title="Past Shows" shows={past} empty="No past shows" artistId={artist.id} />
      )}
    </article>
  );
}
