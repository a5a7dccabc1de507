import { GENRES, type TBookingConfirm, ZBookingConfirm } from '@encore/contract';

type TGenre = (typeof GENRES)[number];

/** The 'Confirm as show' form as typed: prices are text until they are checked. */
export interface ConfirmBookingDraft {
  startTime: string;
  genre: string;
  ticketUrl: string;
  priceMin: string;
  priceMax: string;
}

export const CONFIRM_FIELDS = ['startTime', 'genre', 'ticketUrl', 'priceMin', 'priceMax'] as const;
export type ConfirmField = (typeof CONFIRM_FIELDS)[number];
export type ConfirmErrors = Partial<Record<ConfirmField, string>>;

/** Without a typical show time in the venue's profile, the form starts at 8 pm. */
export const FALLBACK_SHOW_TIME = '20:00';

/** The performer's genres; a performer without any leaves the whole list to pick from. */
export function genreChoices(performerGenres: readonly TGenre[]): readonly TGenre[] {
  return performerGenres.length > 0 ? performerGenres : GENRES;
}

export function confirmDraft(
  typicalShowTime: string | undefined,
  performerGenres: readonly TGenre[],
): ConfirmBookingDraft {
  return {
    startTime: typicalShowTime || FALLBACK_SHOW_TIME,
    // One genre needs no choice; with several the venue picks one on purpose.
    genre: performerGenres.length === 1 ? (performerGenres[0] ?? '') : '',
    ticketUrl: '',
    priceMin: '',
    priceMax: '',
  };
}

/**
 * The contract's own words where it has them (time, URL, max below min); the generic 'Invalid
 * input' of an enum or a number rule says too little under a field, so those get ours.
 */
function fieldMessage(field: ConfirmField, code: string, message: string): string {
  if (field === 'genre') return 'Please choose a genre';
  if ((field === 'priceMin' || field === 'priceMax') && code !== 'custom') return PRICE_RANGE;
  return message;
}

const PRICE_RANGE = 'Enter a price from $0 to $100,000';

const price = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** Checks the draft with the contract's ZBookingConfirm: the body to send, or each field's error. */
export function parseConfirmDraft(
  draft: ConfirmBookingDraft,
): { ok: true; show: TBookingConfirm } | { ok: false; errors: ConfirmErrors } {
  const prices = { priceMin: price(draft.priceMin), priceMax: price(draft.priceMax) };
  const parsed = ZBookingConfirm.safeParse({
    startTime: draft.startTime,
    genre: draft.genre,
    ticketUrl: draft.ticketUrl,
    ...prices,
  });
  if (parsed.success) return { ok: true, show: parsed.data };
  const errors = collect(parsed.error.issues);
  // zod skips the schema's min/max rule while any other field fails; checking the prices on
  // their own (beside valid placeholders) shows every mistake at once, in the contract's words.
  const pricesAlone = ZBookingConfirm.safeParse({ ...VALID_REST, ...prices });
  const order = pricesAlone.success ? {} : collect(pricesAlone.error.issues);
  return { ok: false, errors: { ...order, ...errors } };
}

const VALID_REST = { startTime: FALLBACK_SHOW_TIME, genre: GENRES[0], ticketUrl: null };

function collect(issues: readonly { code: string; path: PropertyKey[]; message: string }[]) {
  const errors: ConfirmErrors = {};
  for (const issue of issues) {
    const field = CONFIRM_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= fieldMessage(field, issue.code, issue.message);
  }
  return errors;
}
