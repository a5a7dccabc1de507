import { useArtistMutes, useSetArtistMuted } from '@/api/artist-messages';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';

/** The artists whose messages the fan muted, each with Unmute (the mute is undone at once). */
export function MutedArtists() {
  const mutes = useArtistMutes();
  const setMuted = useSetArtistMuted();
  const items = mutes.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="muted-artists" className="flex flex-col gap-2">
      <h3 id="muted-artists" className="text-sm font-medium text-fg">
        Muted artists
      </h3>
      <ul className="flex flex-col gap-2">
        {items.map((artist) => (
          <li
            key={artist.performerId}
            className="flex items-center justify-between gap-3 rounded-xl border border-line p-3 text-sm"
          >
            <span>{artist.artistName}</span>
            <Button
              type="button"
              size="sm"
              variant="secondary"
              disabled={setMuted.isPending}
              aria-label={`Unmute ${artist.artistName}`}
              onClick={() =>
                setMuted.mutate(
                  { performerId: artist.performerId, muted: false },
                  { onError: (error) => reportRequestError(error, { title: 'Could not unmute' }) },
                )
              }
            >
              Unmute
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
