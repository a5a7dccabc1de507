import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createLocalDiskStorage } from '../adapters/storage/local-disk-storage.ts';
import type { Auth } from '../auth/auth.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { PrivateCache } from '../http/private-cache.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createAccountDataRepo } from '../repositories/account-data.repo.ts';
import { createDashboardShowsRepo } from '../repositories/dashboards/dashboard-shows.repo.ts';
import { createFollowerFiguresRepo } from '../repositories/dashboards/follower-figures.repo.ts';
import { createPerformerReachRepo } from '../repositories/dashboards/performer-reach.repo.ts';
import { createVenueAudienceRepo } from '../repositories/dashboards/venue-audience.repo.ts';
import { createVenueFiguresRepo } from '../repositories/dashboards/venue-figures.repo.ts';
import { createPhoneVerificationRepo } from '../repositories/phone-verification.repo.ts';
import { createPhotoRepo } from '../repositories/photo.repo.ts';
import { createProfileRepo } from '../repositories/profile.repo.ts';
import { createSettingsRepo } from '../repositories/settings.repo.ts';
import { createStatsRepo } from '../repositories/stats.repo.ts';
import { createAccountDataService } from '../services/account-data.service.ts';
import { createDashboardsService } from '../services/dashboards.service.ts';
import { createPhotoService } from '../services/photo.service.ts';
import { createProfileService } from '../services/profile.service.ts';
import { createSettingsService } from '../services/settings.service.ts';
import { createStatsService } from '../services/stats.service.ts';
import { createUploadsService } from '../services/uploads.service.ts';
import { accountDataRoutes } from './account-data.routes.ts';
import { dashboardsRoutes } from './dashboards.routes.ts';
import { photoRoutes } from './photo.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { statsRoutes } from './stats.routes.ts';
import { uploadsRoutes } from './uploads.routes.ts';

export type ProfileWiring = {
  config: AppConfig;
  database: Database;
  auth: Auth;
  privatePages: PrivateCache;
};

/**
 * Profiles, photos, stats and the dashboards (which share their figures' repositories), fan
 * settings, and the account's export and deletion.
 */
export async function registerProfiles(
  app: FastifyInstance,
  { config, database, auth, privatePages }: ProfileWiring,
) {
  const { orm } = database;
  const signedIn = signedInHook(auth);
  const storage = createLocalDiskStorage(join(config.dataDir, 'uploads'));
  const photoUrls = createPhotoRepo(orm);
  const photos = createPhotoService(photoUrls, storage);

  await app.register(profileRoutes, {
    prefix: '/api/profile',
    signedIn,
    service: createProfileService(createProfileRepo(orm), createPhoneVerificationRepo(orm)),
  });
  await app.register(photoRoutes, { prefix: '/api/profile', signedIn, service: photos });
  await app.register(uploadsRoutes, {
    prefix: '/uploads',
    service: createUploadsService(storage),
  });
  const followers = createFollowerFiguresRepo(orm);
  const venueFigures = createVenueFiguresRepo(orm);
  await app.register(statsRoutes, {
    prefix: '/api/stats',
    signedIn,
    service: createStatsService({ stats: createStatsRepo(orm), followers, venueFigures }),
  });
  await app.register(dashboardsRoutes, {
    prefix: '/api/dashboards',
    signedIn,
    privatePages,
    service: createDashboardsService({
      followers,
      venueFigures,
      reach: createPerformerReachRepo(orm),
      audience: createVenueAudienceRepo(orm),
      shows: createDashboardShowsRepo(orm),
    }),
  });
  await app.register(settingsRoutes, {
    prefix: '/api/settings',
    signedIn,
    service: createSettingsService(createSettingsRepo(orm)),
  });
  await app.register(accountDataRoutes, {
    prefix: '/api/account',
    signedIn,
    service: createAccountDataService({
      auth,
      data: createAccountDataRepo(orm),
      photoUrls,
      photos,
    }),
  });
}
