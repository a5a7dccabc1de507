import { ARTIST_MESSAGE_MESSAGES as M, type TNotification } from '@encore/contract';
import { EllipsisVertical, Flag, Volume2, VolumeX } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { useReportArtistMessage, useSetArtistMuted } from '@/api/artist-messages';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';

type Artist = NonNullable<TNotification['artist']>;

/**
 * An artist message's menu in the centre: mute the artist's messages (or unmute them: undoable
 * here and in settings), and report the message (stored for Encore; the artist is not told who).
 */
export function ArtistMessageMenu({ messageId, artist }: { messageId: string; artist: Artist }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  const menuId = useId();
  const setMuted = useSetArtistMuted();
  const report = useReportArtistMessage();
  const toggleMute = () =>
    setMuted.mutate(
      { performerId: artist.performerId, muted: !artist.muted },
      {
        onSuccess: (result) => {
          setOpen(false);
          toast.success(result.muted ? M.muted : M.unmuted);
        },
        onError: (error) => reportRequestError(error, { title: 'Could not change the mute' }),
      },
    );
  const sendReport = () =>
    report.mutate(messageId, {
      onSuccess: () => {
        setOpen(false);
        setReported(true);
        toast.success(M.reported);
      },
      onError: (error) => reportRequestError(error, { title: 'Could not report' }),
    });
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <EllipsisVertical aria-hidden className="size-4" />
        Message options
      </Button>
      {open && (
        <div id={menuId} className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={setMuted.isPending}
            onClick={toggleMute}
          >
            {artist.muted ? (
              <Volume2 aria-hidden className="size-4" />
            ) : (
              <VolumeX aria-hidden className="size-4" />
            )}
            {artist.muted ? `Unmute ${artist.name}` : `Mute ${artist.name}`}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={report.isPending || reported}
            onClick={sendReport}
          >
            <Flag aria-hidden className="size-4" />
            {reported ? 'Reported' : 'Report message'}
          </Button>
        </div>
      )}
    </div>
  );
}
