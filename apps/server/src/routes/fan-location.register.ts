import type { FastifyInstance } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import { signedIn as signedInHook } from '../http/signed-in.ts';
import { createFanLocationRepo } from '../repositories/fan-location.repo.ts';
import { createFanPlacesRepo } from '../repositories/fan-places.repo.ts';
import { createFinishSetupRepo } from '../repositories/finish-setup.repo.ts';
import { createPhoneVerificationRepo } from '../repositories/phone-verification.repo.ts';
import { createProfileRepo } from '../repositories/profile.repo.ts';
import { createFanLocation } from '../services/fan-location.service.ts';
import { createFanPlaces } from '../services/fan-places.service.ts';
import { createFinishSetup } from '../services/finish-setup.service.ts';
import { createProfileService } from '../services/profile.service.ts';
import { fanLocationRoutes } from './fan-location.routes.ts';
import { fanPlacesRoutes } from './fan-places.routes.ts';

/**
 * The location step, the dashboard's 'Finish setting up' card and the places a fan keeps besides
 * home, under /api/fan.
 */
export async function registerFanLocation(
  app: FastifyInstance,
  { database, auth }: { database: Database; auth: Auth },
) {
  const { orm } = database;
  const finishSetupRepo = createFinishSetupRepo(orm);
  // Making a position the home goes through the profile service, as the settings form does.
  const profiles = createProfileService(createProfileRepo(orm), createPhoneVerificationRepo(orm));
  await app.register(fanLocationRoutes, {
    prefix: '/api/fan',
    signedIn: signedInHook(auth),
    location: createFanLocation(createFanLocationRepo(orm), finishSetupRepo, profiles),
    finishSetup: createFinishSetup(finishSetupRepo),
  });
  await app.register(fanPlacesRoutes, {
    prefix: '/api/fan',
    signedIn: signedInHook(auth),
    places: createFanPlaces(createFanPlacesRepo(orm)),
  });
}
