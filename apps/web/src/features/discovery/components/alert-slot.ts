import type { TAlertChannel, TArtistAlert } from '@encore/contract';
import type { ReactNode } from 'react';

/** What app/ needs to put the alert activation dialog behind an artist's 'Set Alert' button. */
export interface AlertSlotProps {
  artistId: string;
  artistName: string;
  /** The fan's current channels on this artist; empty when not watching. */
  channels: readonly TAlertChannel[];
  /** The card's button that opens the dialog. */
  trigger: ReactNode;
  onSaved: (alert: TArtistAlert) => void;
}
export type RenderAlert = (props: AlertSlotProps) => ReactNode;
