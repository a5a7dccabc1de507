import type { TOwnShow } from '@encore/contract';

/**
 * Where a show that has started stands with its results on 'Your Shows'. Results need a
 * confirmed, live show (the server refuses them otherwise), so only such a show awaits them;
 * the venue's required attendance is what marks them entered.
 */
export type PastShowResults = 'entered' | 'awaiting' | null;

export function pastShowResults(show: TOwnShow): PastShowResults {
  if (show.attendance !== null) return 'entered';
  const expected = show.status !== 'cancelled' && show.confirmation.state === 'confirmed';
  return expected ? 'awaiting' : null;
}

/** A show counts as played once it has started, live and confirmed by both parties. */
export function wasPlayed(show: TOwnShow, upcoming: boolean): boolean {
  return !upcoming && show.status !== 'cancelled' && show.confirmation.state === 'confirmed';
}
