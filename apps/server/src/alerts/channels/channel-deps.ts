import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Orm } from '../../db/client.ts';

/**
 * What every outbound channel sender is built from. Each opens its own provider connection
 * (SMTP pool, SMS adapter, push keys) from `config`, so the dispatcher passes the same three.
 */
export type ChannelSenderDeps = { config: AppConfig; orm: Orm; log: FastifyBaseLogger };
