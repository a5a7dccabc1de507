import type { TAlertChannel, TArtistAlert } from '@encore/contract';
import type { ReactNode } from 'react';
import { ArtistAlertDialog } from '@/features/alerts/components/artist-alert-dialog';

/** What the discovery and watching pages hand their alert slot: the artist and the button. */
interface ArtistAlertSlotProps {
  artistId: string;
  artistName: string;
  channels: readonly TAlertChannel[];
  trigger: ReactNode;
  onSaved: (alert: TArtistAlert) => void;
}

/** The alert activation dialog behind an artist's 'Set Alert', 'Edit Alert' or 'Edit channels'. */
export const renderArtistAlert = ({
  artistId,
  artistName,
  channels,
  trigger,
  onSaved,
}: ArtistAlertSlotProps) => (
  <ArtistAlertDialog
    artistId={artistId}
    artistName={artistName}
    initialChannels={channels}
    trigger={trigger}
    onSaved={onSaved}
  />
);
