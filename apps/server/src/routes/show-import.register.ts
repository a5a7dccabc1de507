import { SHOW_IMPORT_MAX_BYTES } from '@encore/contract';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { createCalendarFetcher } from '../adapters/calendar/calendar-fetcher.ts';
import type { AppConfig } from '../config.ts';
import type { Orm } from '../db/client.ts';
import { createShowRepo } from '../repositories/show.repo.ts';
import { createShowAnnounceRepo } from '../repositories/show-announce.repo.ts';
import { createShowImportRepo, saveImportKey } from '../repositories/show-import.repo.ts';
import { createAnnounce } from '../services/show-announce.service.ts';
import { createShowChanges } from '../services/show-change.service.ts';
import { createShowImport, type ImportWriter } from '../services/show-import.service.ts';
import type { ShowNoticeMailer } from '../services/show-notice-mailer.service.ts';
import { showImportRoutes } from './show-import.routes.ts';

/** A calendar URL that has not answered in this long is given up on. */
const FETCH_TIMEOUT_MS = 10_000;

/**
 * Show imports (decision 050), under /api/shows/import. A confirmation's writes go through the
 * announce and edit services built on one transaction; the notices they write are mailed once it
 * has committed (a rolled-back import mails nobody).
 */
export async function registerShowImport(
  app: FastifyInstance,
  deps: { config: AppConfig; orm: Orm; signedIn: onRequestHookHandler; mailer: ShowNoticeMailer },
) {
  const { orm, mailer } = deps;
  const imports = createShowImportRepo(orm);
  const write: ImportWriter = async (work) => {
    const noticeIds: number[] = [];
    const collect = { mail: async (ids: number[]) => void noticeIds.push(...ids) };
    const result = await imports.transaction((tx) => {
      const shows = createShowRepo(tx);
      const announce = createAnnounce(shows, createShowAnnounceRepo(tx), collect);
      const changes = createShowChanges(shows, collect);
      return work({
        announce: async (user, input) => announce(user, input),
        update: (user, id, patch) => changes.update(user, id, patch),
        saveKey: (row) => saveImportKey(tx, row),
      });
    });
    await mailer.mail(noticeIds);
    return result;
  };
  await app.register(showImportRoutes, {
    prefix: '/api/shows/import',
    signedIn: deps.signedIn,
    imports: createShowImport({
      shows: createShowRepo(orm),
      imports,
      source: createCalendarFetcher({
        timeoutMs: FETCH_TIMEOUT_MS,
        maxBytes: SHOW_IMPORT_MAX_BYTES,
        allowPrivateAddresses: deps.config.showImport.allowPrivateAddresses,
      }),
      write,
    }),
  });
}
