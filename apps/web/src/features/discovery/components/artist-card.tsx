import { DISCOVERY_LABELS as L, type TDiscoveredArtist } from '@encore/contract';
import { Bell, Eye, Pencil, Route } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { Face } from '@/components/shows/face';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAlertSaved } from '../api/use-alert-saved';
import type { RenderAlert } from './alert-slot';

interface ArtistCardProps {
  artist: TDiscoveredArtist;
  /** The alert dialog (composed in app/); none: no alert button. */
  renderAlert?: RenderAlert;
  /** More about the artist under the name (Recommended shows their show here). */
  children?: ReactNode;
}

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold';

/** One artist: face, name (to their page), genres, On Tour / Watching, and the alert action. */
export function ArtistCard({ artist, renderAlert, children }: ArtistCardProps) {
  const nameId = useId();
  const onSaved = useAlertSaved();
  const watching = artist.alertChannels !== null;
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-line bg-surface/90 p-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Face name={artist.name} photoUrl={artist.photoUrl} decorative size="md" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 id={nameId} className="font-display text-lg font-semibold break-words">
            <Link
              to={paths.artistPage.href(artist.id)}
              className="underline-offset-4 hover:text-accent-strong hover:underline"
            >
              {artist.name}
            </Link>
          </h3>
          {artist.genres.length > 0 && (
            <p className="text-sm text-fg-muted">{artist.genres.join(' · ')}</p>
          )}
          {(artist.onTour || watching) && (
            <p className="flex flex-wrap gap-1.5">
              {artist.onTour && (
                <span className={`${badge} bg-accent text-on-accent`}>
                  <Route aria-hidden className="size-3.5" />
                  {L.onTour}
                </span>
              )}
              {watching && (
                <span className={`${badge} border border-accent text-accent`}>
                  <Eye aria-hidden className="size-3.5" />
                  {L.watching}
                </span>
              )}
            </p>
          )}
        </div>
      </div>
      {children}
      {renderAlert && (
        <div className="mt-auto flex">
          {renderAlert({
            artistId: artist.id,
            artistName: artist.name,
            channels: artist.alertChannels ?? [],
            onSaved,
            trigger: (
              <Button variant={watching ? 'secondary' : 'primary'} size="sm">
                {watching ? (
                  <Pencil aria-hidden className="size-4" />
                ) : (
                  <Bell aria-hidden className="size-4" />
                )}
                {watching ? 'Edit Alert' : 'Set Alert'}
                <span className="sr-only"> for {artist.name}</span>
              </Button>
            ),
          })}
        </div>
      )}
    </article>
  );
}
