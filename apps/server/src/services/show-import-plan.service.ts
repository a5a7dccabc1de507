import { createHash } from 'node:crypto';
import {
  SHOW_IMPORT_MESSAGES as M,
  SHOW_MESSAGES as S,
  type TShowImportRow,
  ZShowInput,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { type Matched, matchArtist, matchVenue } from '../domain/show-import/import-match.ts';
import type { ImportRole, ImportRow } from '../domain/show-import/import-row.ts';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { AppError } from '../http/app-error.ts';
import { utcToLocal } from '../lib/local-time.ts';
import type {
  ImportArtist,
  ImportedShow,
  ImportVenue,
  ShowImportRepo,
} from '../repositories/show-import.repo.ts';
import { type ShowInput, showToWrite } from './show-announce.service.ts';

/**
 * A row as the preview shows it, with what confirming it would do: announce `input` (`new`), or
 * edit `row.showId` with it (`changed`). `fingerprint`: what the row says, kept with its key.
 */
export type PlannedRow = { row: TShowImportRow; input: ShowInput | null; fingerprint: string };

/** What every row of one import is matched and compared against, read once per import. */
export type ImportContext = {
  user: SessionUser;
  role: ImportRole;
  venues: ImportVenue[];
  performers: ImportArtist[];
  ownVenue: ImportVenue | null;
  ownGenres: readonly string[];
  imported: Map<string, ImportedShow>;
  /** Keys, and shows (identity and start), met earlier in the file. */
  seen: Set<string>;
  /** The performer's days and the venue's nights that new rows earlier in the file take. */
  earlier: Map<string, { identity: string; name: string }>;
  /** The Encore venues' names by id, for the notices. */
  venueNames: Map<string, string>;
};

/**
 * One row: matched (import-match.ts), checked by the announce form's schema and the announce
 * rules (showToWrite: a real future date, a known ZIP, prices), then compared with what is there.
 */
export async function planRow(
  c: ImportContext,
  row: ImportRow,
  imports: Pick<ShowImportRepo, 'duplicateOf' | 'sameDayOf' | 'nightOf'>,
): Promise<PlannedRow> {
  const key = sourceKey(row.key);
  const shown: TShowImportRow = {
    key,
    line: row.line,
    state: 'error',
    reason: null,
    notice: null,
    startsAtLocal: row.start?.kind === 'local' ? row.start.local : null,
    name: c.role === 'performer' ? row.venueName : row.artistName,
    match: null,
    place: row.place,
    ticketUrl: row.ticketUrl || null,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    showId: null,
  };
  const refuse = (reason: string, at: TShowImportRow = shown): PlannedRow => ({
    row: { ...at, state: 'error', reason },
    input: null,
    fingerprint: '',
  });
  if (row.problem || !row.start) return refuse(row.problem ?? M.missing('date'));
  if (c.seen.has(key)) return refuse(M.repeated);
  c.seen.add(key);
  const party = c.role === 'performer' ? matchVenue(c, row) : matchArtist(c, row);
  if ('problem' in party) return refuse(party.problem);
  const { latitude, longitude, state, zipCode } = party.place;
  const zone = timeZoneAt(latitude, longitude, state, zipCode);
  const startsAtLocal =
    row.start.kind === 'local' ? row.start.local : utcToLocal(row.start.at, zone);
  const described: TShowImportRow = {
    ...shown,
    startsAtLocal,
    name: party.name,
    match: party.match,
    place: party.placeName,
  };
  const checked = checkedShow(c.user, row, party, startsAtLocal);
  if ('problem' in checked) return refuse(checked.problem, described);
  const { input, fingerprint, identity, startsAt } = checked;
  const ready = { ...described, ticketUrl: input.ticketUrl ?? null, reason: null };
  const earlier = c.imported.get(key);
  if (earlier) return compared({ ...ready, showId: earlier.showId }, earlier, checked);
  const sameShow = `${identity}@${startsAt.toISOString()}`;
  if (c.seen.has(sameShow)) return refuse(M.repeated, ready);
  c.seen.add(sameShow);
  const duplicateId = await imports.duplicateOf(checked.values);
  if (duplicateId) {
    const row = { ...ready, state: 'duplicate', reason: M.duplicate, showId: duplicateId } as const;
    return { row, input: null, fingerprint };
  }
  const notice = await askedAbout(c, checked, startsAtLocal.slice(0, 10), imports);
  return { row: { ...ready, state: 'new', notice }, input, fingerprint };
}

/**
 * What announcing would ask about a new row (show-announce.service.ts): another show of the
 * performer that local day at another place, or another show on the Encore venue's night, on
 * Encore or earlier in the file. The preview says it beside the row; confirming the import answers
 * yes, as 'Announce it too' and 'Yes, two shows that night' do on the form.
 */
async function askedAbout(
  c: ImportContext,
  { values, identity }: CheckedShow,
  date: string,
  imports: Pick<ShowImportRepo, 'sameDayOf' | 'nightOf'>,
): Promise<string | null> {
  const day = `day:${values.performerId}|${date}`;
  const night = values.venueId ? `night:${values.venueId}|${date}` : null;
  const earlierDay = c.earlier.get(day);
  const earlierNight = night ? c.earlier.get(night) : undefined;
  const here = c.role === 'venue' ? (c.ownVenue?.name ?? '') : (values.externalName ?? '');
  const name =
    values.venueId && c.role === 'performer' ? (c.venueNames.get(values.venueId) ?? '') : here;
  c.earlier.set(day, { identity, name });
  if (night) c.earlier.set(night, { identity, name });
  const sameDay = await imports.sameDayOf(values, date);
  if (sameDay) return M.sameDayNotice(sameDay.venueName);
  if (earlierDay && earlierDay.identity !== identity) return M.sameDayNotice(earlierDay.name);
  const taken = values.venueId ? await imports.nightOf(values.venueId, date) : null;
  if (taken) return M.nightNotice(taken.venueName);
  if (earlierNight) return M.nightNotice(earlierNight.name);
  return null;
}

/** The announce request the row makes, and the show's columns as announcing would write them. */
type CheckedShow = {
  input: ShowInput;
  identity: string;
  startsAt: Date;
  fingerprint: string;
  values: Parameters<ShowImportRepo['duplicateOf']>[0];
};

function checkedShow(
  user: SessionUser,
  row: ImportRow,
  party: Matched,
  startsAtLocal: string,
): CheckedShow | { problem: string } {
  const parsed = ZShowInput.safeParse({
    performerId: party.performerId,
    venueId: party.venueId,
    externalVenue: party.externalVenue,
    startsAtLocal,
    ticketUrl: row.ticketUrl,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    onSaleAtLocal: null,
    supportingActs: [],
    genre: null,
  });
  if (!parsed.success) return { problem: parsed.error.issues[0]?.message ?? M.badDate };
  const input = parsed.data;
  try {
    const { values } = showToWrite(user.id, input, {
      performer: { genres: party.genres },
      venue: input.venueId ? party.place : null,
    });
    const { performerId, venueId = null, externalName = null, externalZip = null } = values;
    const startsAt = values.startsAt as Date;
    const identity = hash([performerId, venueId, externalName?.toLowerCase(), externalZip]);
    const content = hash([
      startsAt.toISOString(),
      values.ticketUrl,
      values.priceMin,
      values.priceMax,
    ]);
    return {
      input,
      identity,
      startsAt,
      fingerprint: `${identity}:${content}`,
      values: { performerId, venueId, externalName, externalZip, startsAt },
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { problem: Object.values(error.fields ?? {})[0] ?? error.message };
  }
}

/** A row whose key an earlier import made a show from: the same (nothing), or an edit of it. */
function compared(
  row: TShowImportRow,
  earlier: ImportedShow,
  { input, fingerprint, identity }: { input: ShowInput; fingerprint: string; identity: string },
): PlannedRow {
  const nothing = (state: 'unchanged' | 'error', reason: string): PlannedRow => ({
    row: { ...row, state, reason },
    input: null,
    fingerprint,
  });
  if (earlier.fingerprint === fingerprint) return nothing('unchanged', M.unchanged);
  // An edit cannot move a show to another venue or artist (the edit form cannot either).
  if (!earlier.fingerprint.startsWith(`${identity}:`)) return nothing('error', M.venueChanged);
  if (earlier.status === 'cancelled') return nothing('error', S.cancelledShow);
  if (earlier.confirmation === 'declined') return nothing('error', S.declinedShow);
  return { row: { ...row, state: 'changed' }, input, fingerprint };
}

/** Keys longer than the table allows (a long UID) are kept as their hash. */
function sourceKey(key: string): string {
  return key.length <= 400 ? key : `sha256:${hash([key])}`;
}

function hash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}
