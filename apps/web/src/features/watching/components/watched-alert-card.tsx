import type { TAlertChannel, TArtistAlert } from '@encore/contract';
import { BellOff, Pencil } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { AlertChannelChips } from '@/components/alerts/alert-channel-chips';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRemoveWatchedAlert } from '../api/remove-watched-alert';
import { formatSince } from '../utils/format-alert';
import { ArtistFace } from './artist-face';

/** What app/ needs to put the alert dialog behind a row's 'Edit channels' button. */
export interface EditChannelsSlotProps {
  artistId: string;
  artistName: string;
  channels: readonly TAlertChannel[];
  /** The row's 'Edit channels' button, to open the dialog with. */
  trigger: ReactNode;
  onSaved: (alert: TArtistAlert) => void;
}
export type RenderEditChannels = (props: EditChannelsSlotProps) => ReactNode;

interface WatchedAlertCardProps {
  alert: TArtistAlert;
  renderEditChannels?: RenderEditChannels;
  onEdited: (alert: TArtistAlert) => void;
}

/** One watched artist: face, name, genres, channels, since when, and its actions. */
export function WatchedAlertCard({ alert, renderEditChannels, onEdited }: WatchedAlertCardProps) {
  const nameId = useId();
  const remove = useRemoveWatchedAlert(alert);
  const name = alert.performerName;

  return (
    <article
      aria-labelledby={nameId}
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface/90 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <ArtistFace name={name} photoUrl={alert.photoUrl} />
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={nameId} className="font-display text-lg font-semibold break-words">
            <Link
              to={paths.artistPage.href(alert.performerId)}
              className="hover:text-accent-strong hover:underline"
            >
              {name}
            </Link>
          </h3>
          {alert.genres.length > 0 && (
            <p className="text-sm text-fg-muted">{alert.genres.join(' · ')}</p>
          )}
          <p className="flex flex-wrap items-center gap-1.5">
            <span className="sr-only">Alerts by</span>
            <AlertChannelChips channels={alert.channels} />
          </p>
          <p className="text-xs text-fg-muted">Watching since {formatSince(alert.createdAt)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:flex-col sm:items-stretch">
        {renderEditChannels?.({
          artistId: alert.performerId,
          artistName: name,
          channels: alert.channels,
          onSaved: onEdited,
          trigger: (
            <Button variant="secondary" size="sm" aria-label={`Edit channels for ${name}`}>
              <Pencil aria-hidden className="size-4" />
              Edit channels
            </Button>
          ),
        })}
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Remove ${name} alert`}
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {remove.isPending ? <Spinner /> : <BellOff aria-hidden className="size-4" />}
          Remove
        </Button>
      </div>
    </article>
  );
}
