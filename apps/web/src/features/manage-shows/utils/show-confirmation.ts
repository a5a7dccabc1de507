import type { TShow } from '@encore/contract';

/** The signed-in performer or venue looking at its shows. */
export interface Owner {
  role: 'performer' | 'venue';
  id: string;
}

/** The show's confirmation as one owner sees it on 'Your Shows'. */
export type OwnerConfirmation =
  /** Confirmed, or needing nobody's word. */
  | { kind: 'settled' }
  /** Named by another party (as headliner or venue, or as a supporting act): it confirms or declines. */
  | { kind: 'asked'; announcer: string }
  /** Announced by this owner: waiting for the other party's word. */
  | { kind: 'waiting'; party: string }
  /** Declined, as the announcer (by `party`) or as the party that declined it. */
  | { kind: 'declined'; party: string | null };

/** This owner's act on the show's bill when it plays it as a supporting act, else null. */
export function supportingSlot(show: TShow, owner: Owner) {
  if (owner.role !== 'performer' || show.performer.id === owner.id) return null;
  return show.supportingActs.find((act) => act.performerId === owner.id) ?? null;
}

function announcerName(show: TShow) {
  return show.createdById === show.performer.id ? show.performer.name : show.venue.name;
}

export function ownerConfirmation(show: TShow, owner: Owner): OwnerConfirmation {
  const slot = supportingSlot(show, owner);
  // A supporting act answers for its own slot only; the headliner's and venue's word is theirs.
  if (slot) {
    if (slot.confirmation === 'pending') return { kind: 'asked', announcer: announcerName(show) };
    if (slot.confirmation === 'declined') return { kind: 'declined', party: null };
    return { kind: 'settled' };
  }
  const { state, partyId } = show.confirmation;
  if (state === 'confirmed') return { kind: 'settled' };
  const me = owner.role === 'performer' ? show.performer.id : show.venue.id;
  const partyName = partyId === show.performer.id ? show.performer.name : show.venue.name;
  if (state === 'declined') return { kind: 'declined', party: me === partyId ? null : partyName };
  return me === partyId
    ? { kind: 'asked', announcer: announcerName(show) }
    : { kind: 'waiting', party: partyName };
}
