import {
  SHOW_IMPORT_MESSAGES as M,
  PROFILE_EXTRA_MESSAGES,
  SHOW_ROLE_MESSAGES,
  type TShowImportPreview,
  type TShowImportResult,
  type TShowImportSource,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import type { ImportRow } from '../domain/show-import/import-row.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowRepo } from '../repositories/show.repo.ts';
import type { ShowImportRepo } from '../repositories/show-import.repo.ts';
import type { ShowInput } from './show-announce.service.ts';
import { type ImportContext, type PlannedRow, planRow } from './show-import-plan.service.ts';
import { type ImportSourceReader, readImportSource } from './show-import-source.service.ts';

/** The writes of a confirmation, in one transaction (wired in routes/show-import.register.ts). */
export type ImportWriter = <T>(work: (ops: ImportWriteOps) => Promise<T>) => Promise<T>;
export type ImportWriteOps = {
  /** Announcing (show-announce.service.ts), as POST /api/shows does. */
  announce: (user: SessionUser, input: ShowInput) => Promise<{ id: string }>;
  /** Editing (show-change.service.ts), as PATCH /api/shows/:id does. */
  update: (
    user: SessionUser,
    id: string,
    patch: Pick<ShowInput, 'startsAtLocal' | 'ticketUrl' | 'priceMin' | 'priceMax'>,
  ) => Promise<unknown>;
  saveKey: (row: {
    userId: string;
    key: string;
    showId: string;
    fingerprint: string;
  }) => Promise<void>;
};

/**
 * Importing shows from an iCalendar or CSV source (decision 050). The preview writes nothing: each
 * row is matched (a performer's to an Encore venue, or a venue not on Encore added by name and
 * address as the announce form does; a venue's to an Encore artist), checked by the announce
 * form's schema and rules, and compared with what is there: an earlier import of the same key
 * (unchanged, or changed: an edit), or a live show by announcing's own duplicate rule
 * (show-import-plan.service.ts). The confirmation reads the source again and writes the chosen
 * rows through announcing and editing, all in one transaction: a row those rules refuse there
 * (a second show that day, a night the venue holds) rolls every row back, and the answer names
 * its line.
 */
export function createShowImport(deps: {
  shows: ShowRepo;
  imports: ShowImportRepo;
  source: ImportSourceReader;
  write: ImportWriter;
}) {
  const { shows, imports } = deps;

  async function plan(user: SessionUser, source: TShowImportSource): Promise<PlannedRow[]> {
    if (user.role !== 'performer' && user.role !== 'venue') {
      throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.announce);
    }
    const performer = user.role === 'performer' ? await shows.performer(user.id) : null;
    const venue = user.role === 'venue' ? await shows.venue(user.id) : null;
    if (!performer && !venue) {
      throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
    }
    const rows = await readImportSource(deps.source, source, user.role);
    const context = await contextFor({ ...user, role: user.role }, rows, performer, venue);
    const planned: PlannedRow[] = [];
    for (const row of rows) planned.push(await planRow(context, row, imports));
    return planned;
  }

  async function contextFor(
    user: SessionUser & { role: 'performer' | 'venue' },
    rows: ImportRow[],
    performer: { genres: readonly string[] } | null,
    venue: Awaited<ReturnType<ShowRepo['venue']>>,
  ): Promise<ImportContext> {
    const byPerformer = user.role === 'performer';
    const venues = byPerformer ? await imports.venuesNamed(rows.map((r) => r.venueName)) : [];
    return {
      user,
      role: user.role,
      venues,
      performers: byPerformer ? [] : await imports.performersNamed(rows.map((r) => r.artistName)),
      // A venue's own shows are at its own place; `city` is not needed to place them.
      ownVenue: venue ? { id: user.id, city: '', ...venue } : null,
      ownGenres: performer?.genres ?? [],
      imported: await imports.imported(user.id),
      seen: new Set(),
      earlier: new Map(),
      venueNames: new Map(venues.map((v) => [v.id, v.name])),
    };
  }

  return {
    async preview(user: SessionUser, source: TShowImportSource): Promise<TShowImportPreview> {
      return { rows: (await plan(user, source)).map((p) => p.row) };
    },

    async confirm(
      user: SessionUser,
      source: TShowImportSource,
      keys: string[],
    ): Promise<TShowImportResult> {
      const planned = new Map((await plan(user, source)).map((p) => [p.row.key, p]));
      const chosen = [...new Set(keys)].map((key) => planned.get(key));
      // A key the source no longer has, or a row that now fails: the preview is out of date.
      if (chosen.some((p) => !p || p.row.state === 'error')) {
        throw new AppError('CONFLICT', M.rowsChanged);
      }
      // Rows already there (a confirmation sent twice) are left as they are.
      const todo = chosen.filter((p): p is PlannedRow & { input: ShowInput } => p?.input != null);
      return deps.write(async (ops) => {
        const result = { created: 0, updated: 0 };
        for (const planned of todo) await writeRow(ops, user, planned, result);
        return result;
      });
    },
  };
}

async function writeRow(
  ops: ImportWriteOps,
  user: SessionUser,
  { row, input, fingerprint }: PlannedRow & { input: ShowInput },
  result: TShowImportResult,
): Promise<void> {
  try {
    if (row.state === 'new') {
      // The preview said why announcing would ask (row.notice): importing is the answer.
      const asked = row.notice !== null;
      const answered = { ...input, confirmSameDay: asked, confirmSameNight: asked };
      const { id } = await ops.announce(user, answered);
      await ops.saveKey({ userId: user.id, key: row.key, showId: id, fingerprint });
      result.created += 1;
    } else {
      const showId = row.showId as string;
      const { startsAtLocal, ticketUrl, priceMin, priceMax } = input;
      await ops.update(user, showId, { startsAtLocal, ticketUrl, priceMin, priceMax });
      await ops.saveKey({ userId: user.id, key: row.key, showId, fingerprint });
      result.updated += 1;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const why = Object.values(error.fields ?? {})[0] ?? error.message;
    throw new AppError(error.code, `Line ${row.line}: ${why}`, { detail: { line: row.line } });
  }
}
