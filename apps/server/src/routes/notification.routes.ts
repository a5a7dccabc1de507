import type { ServerResponse } from 'node:http';
import {
  NOTIFICATION_STREAM_EVENTS,
  ZApiError,
  ZMarkRead,
  ZNotificationPage,
  ZNotificationQuery,
  ZUnreadCount,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedPage, showTag, userTag } from '../http/cached-pages.ts';
import { mediaAnswer } from '../http/openapi-media.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import { currentUser } from '../http/signed-in.ts';
import type { NotificationService, NotificationSink } from '../services/notification.service.ts';

export type NotificationRoutesOptions = {
  signedIn: onRequestHookHandler;
  service: NotificationService;
  privatePages: PrivateCache;
};

/** Proxies close idle connections after a minute or so; a comment line keeps the stream open. */
const HEARTBEAT_MS = 25_000;
const tags = ['notifications'];
const errors = { 401: ZApiError };

/**
 * /api/notifications: the notification centre of any signed-in user (fans' alerts, performers'
 * and venues' show notices), its read marks and its live stream.
 */
export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  o,
) => {
  // Open streams never end by themselves: closing the server ends them (the client reconnects).
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end();
  });
  app.addHook('onRequest', o.signedIn);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'The user’s in-app alerts (fans) and show notices (performers and venues), newest first, with the unread count',
        querystring: ZNotificationQuery,
        response: { 200: ZNotificationPage, 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { cursor, limit } = request.query;
      return o.privatePages.send(request, reply, user.id, {
        ...cachedPage('notifications', { cursor, limit }),
        // The shows its items are about and the fans they name (the user's own tag is added by
        // the private cache); a booking notice's other side is named by migration 0044's notice.
        tags: (page) =>
          page.items.flatMap((item) => [
            ...(item.showId ? [showTag(item.showId)] : []),
            ...(item.fan ? [userTag(item.fan.id)] : []),
          ]),
        load: () => o.service.page(user, request.query),
        schema: ZNotificationPage,
      });
    },
  );

  app.post(
    '/read',
    {
      schema: {
        tags,
        summary: 'Marks some of the user’s notifications, or all, read; answers the unread count',
        body: ZMarkRead,
        response: { 200: ZUnreadCount, 400: ZApiError, ...errors },
      },
    },
    async (request) => o.service.read(currentUser(request), request.body),
  );

  app.get(
    '/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: `unread` ({ unread }) on connect and on every change, `notification` (a Notification) for each new alert',
        response: {
          200: mediaAnswer('text/event-stream', 'The stream, open until the server closes it'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // From here on the response is ours to write: Fastify would end it after the handler.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      const write = (event: string, data: unknown) => {
        if (!raw.writableEnded) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      const sink: NotificationSink = {
        notification: (item: unknown) => write(NOTIFICATION_STREAM_EVENTS.notification, item),
        unread: (unread: number) => write(NOTIFICATION_STREAM_EVENTS.unread, { unread }),
      };
      open.add(raw);
      let closed = false;
      let unsubscribe: (() => void) | undefined;
      const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        closed = true;
        open.delete(raw);
        clearInterval(heartbeat);
        unsubscribe?.();
      });
      try {
        // Listen first, then count: an alert landing in between is counted, not missed.
        unsubscribe = await o.service.subscribe(user, sink);
        if (closed) unsubscribe();
        else sink.unread(await o.service.unread(user));
      } catch (error) {
        request.log.warn({ err: error }, 'notification stream could not start');
        clearInterval(heartbeat);
        unsubscribe?.();
        raw.end();
      }
    },
  );
};
