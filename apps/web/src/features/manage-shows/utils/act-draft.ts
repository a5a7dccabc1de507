/**
 * A supporting act as the announce and edit forms hold it: an Encore artist picked from the
 * directory (performerId set), or a typed name for an act that is not on Encore (performerId
 * null). `detail` is what told two same-name artists apart in the picker (their genres); `state`
 * is the act's confirmation on a show already announced, for the edit form's list.
 */
export interface ActDraft {
  performerId: string | null;
  name: string;
  detail: string;
  state?: 'pending' | 'confirmed' | 'declined';
}

/** The most acts a bill may list after its headliner (the contract's limit). */
export const MAX_SUPPORTING_ACTS = 10;

/** What the API takes for each act: the artist's id, or the typed name. */
export function actInput(act: ActDraft): { performerId: string } | { name: string } {
  return act.performerId ? { performerId: act.performerId } : { name: act.name };
}
