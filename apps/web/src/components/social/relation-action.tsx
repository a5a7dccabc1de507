import type { TFanWithRelation } from '@encore/contract';
import { PalActionButton } from './pal-action-button';

/** The button or word beside a fan: Add or Accept when I can, else how we stand. */
export function RelationAction({ fan }: { fan: TFanWithRelation }) {
  const badge = 'rounded-full border border-line-strong px-3 py-1 text-sm font-semibold';
  if (fan.relation === 'pals') return <span className={badge}>Pals</span>;
  if (fan.relation === 'requested') return <span className={badge}>Requested</span>;
  if (fan.relation === 'incoming')
    return <PalActionButton action="accept" fan={fan} variant="primary" />;
  if (fan.canRequest) return <PalActionButton action="add" fan={fan} variant="primary" />;
  return null;
}
