import { SHOW_MESSAGES as S, type TShowConfirmationState } from '@encore/contract';
import { AppError } from '../http/app-error.ts';

/** One act on a bill besides the headliner, as show_acts stores it (in billing order). */
export type BillAct = {
  performerId: string | null;
  name: string;
  confirmation: TShowConfirmationState;
};

type ActInput = { performerId: string } | { name: string };

/**
 * The bill the form asks for, from the acts already on it (`current`, empty when announcing) and
 * the Encore artists its ids name (`artists`: id → artist name; an id missing there is no artist).
 * Nobody speaks for another account: an Encore artist new on the bill is `pending` and asked
 * (`asked`); one already on it keeps its word (confirmed, pending or declined) and its name.
 * An Encore artist is on a bill once and never as its own headliner: a 400 naming each such act.
 */
export function planBill(
  input: readonly ActInput[],
  {
    headlinerId,
    artists,
    current,
  }: {
    headlinerId: string;
    artists: ReadonlyMap<string, string>;
    current: readonly BillAct[];
  },
): { acts: BillAct[]; asked: string[] } {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  const acts: BillAct[] = [];
  const asked: string[] = [];
  input.forEach((act, i) => {
    if (!('performerId' in act)) {
      acts.push({ performerId: null, name: act.name, confirmation: 'confirmed' });
      return;
    }
    const id = act.performerId;
    const field = `supportingActs.${i}.performerId`;
    const before = current.find((a) => a.performerId === id);
    const name = before?.name ?? artists.get(id);
    if (id === headlinerId) fields[field] = S.supportingActIsHeadliner;
    else if (seen.has(id)) fields[field] = S.supportingActTwice;
    else if (name === undefined) fields[field] = S.supportingActNotFound;
    else {
      seen.add(id);
      acts.push({ performerId: id, name, confirmation: before?.confirmation ?? 'pending' });
      if (!before) asked.push(id);
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', { fields });
  }
  return { acts, asked };
}

/** The Encore artist ids a form's acts name, to read their names in one query. */
export function actPerformerIds(input: readonly ActInput[]): string[] {
  return input.flatMap((a) => ('performerId' in a ? [a.performerId] : []));
}

/** The bill as the public sees it: typed names and the Encore acts that confirmed. */
export function publicNames(acts: readonly BillAct[]): string[] {
  return acts.filter((a) => a.confirmation === 'confirmed').map((a) => a.name);
}
