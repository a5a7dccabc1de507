import type { FastifyBaseLogger } from 'fastify';
import { writeJsonFile } from '../write-json-file.ts';
import type { SmsSender, SmsSendOptions } from './sms-sender.ts';

/** The local default: each text becomes a JSON file a developer (or a test) can open. */
export function createFileSmsSender(
  dir: string,
  from: string | undefined,
  log: FastifyBaseLogger,
): SmsSender {
  return {
    async send(to: string, body: string, options: SmsSendOptions = {}) {
      const file = await writeJsonFile(dir, {
        to,
        from: from ?? null,
        body,
        idempotencyKey: options.idempotencyKey ?? null,
        sentAt: new Date().toISOString(),
      });
      log.info({ file, to }, 'SMS written to file');
    },
  };
}
