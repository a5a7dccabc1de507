import { ZApiError, ZFanSettings, ZNotificationSettings, ZPrivacySettings } from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/signed-in.ts';
import type { SettingsService } from '../services/settings.service.ts';

export type SettingsRoutesOptions = { service: SettingsService; signedIn: onRequestHookHandler };

const tags = ['settings'];
const errors = { 401: ZApiError, 403: ZApiError };

/** /api/settings: the fan's Notifications and Privacy tabs. */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (
  app,
  { service, signedIn },
) => {
  app.addHook('onRequest', signedIn);
  app.get(
    '/fan',
    {
      schema: {
        tags,
        summary: 'The fan’s notification and privacy settings (defaults before the first save)',
        response: { 200: ZFanSettings, ...errors },
      },
    },
    async (request) => {
      return service.get(currentUser(request));
    },
  );
  app.put(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Save the fan’s notification channels and alert categories',
        body: ZNotificationSettings,
        response: { 200: ZFanSettings, 400: ZApiError, ...errors },
      },
    },
    async (request) => service.saveNotifications(currentUser(request), request.body),
  );
  app.put(
    '/privacy',
    {
      schema: {
        tags,
        summary: 'Save the fan’s privacy settings',
        body: ZPrivacySettings,
        response: { 200: ZFanSettings, 400: ZApiError, ...errors },
      },
    },
    async (request) => service.savePrivacy(currentUser(request), request.body),
  );
};
