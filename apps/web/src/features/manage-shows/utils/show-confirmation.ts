import type { TShow } from '@encore/contract';

/** The show's confirmation as one owner sees it on 'Your Shows'. */
export type OwnerConfirmation =
  /** Confirmed, or needing nobody's word. */
  | { kind: 'settled' }
  /** Named by the other party: this owner confirms or declines it. */
  | { kind: 'asked'; announcer: string }
  /** Announced by this owner: waiting for the other party's word. */
  | { kind: 'waiting'; party: string }
  /** Declined, as the announcer (by `party`) or as the party that declined it. */
  | { kind: 'declined'; party: string | null };

export function ownerConfirmation(show: TShow, role: 'performer' | 'venue'): OwnerConfirmation {
  const { state, partyId } = show.confirmation;
  if (state === 'confirmed') return { kind: 'settled' };
  const me = role === 'performer' ? show.performer.id : show.venue.id;
  const partyName = partyId === show.performer.id ? show.performer.name : show.venue.name;
  const announcer = show.createdById === show.performer.id ? show.performer.name : show.venue.name;
  if (state === 'declined') return { kind: 'declined', party: me === partyId ? null : partyName };
  return me === partyId ? { kind: 'asked', announcer } : { kind: 'waiting', party: partyName };
}
