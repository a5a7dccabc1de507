import {
  FALLBACK_POSITION,
  LOCATION_MESSAGES,
  type TFanLocationState,
  type TLocateResult,
  type TLocationInput,
  ZFanProfilePatch,
} from '@encore/contract';
import zipcodes from 'zipcodes';
import type { SessionUser } from '../auth/session-user.ts';
import { nearestZip } from '../domain/nearest-zip.ts';
import { AppError } from '../http/app-error.ts';
import type { FanLocationRepo, FanLocationValues } from '../repositories/fan-location.repo.ts';
import type { FinishSetupRepo } from '../repositories/finish-setup.repo.ts';
import { fanOnly } from './fan-pages.service.ts';
import type { ProfileService } from './profile.service.ts';

/** The fixed New York location, placed like any position so it has a real ZIP and city. */
function fallbackValues(): FanLocationValues {
  const place = nearestZip(FALLBACK_POSITION.latitude, FALLBACK_POSITION.longitude);
  if (!place) throw new Error('the fallback position has no ZIP');
  const { zipCode, city, state } = place;
  return { ...FALLBACK_POSITION, zipCode, city, state, source: 'fallback' };
}

/**
 * The location step: the browser's position resolved to the nearest US ZIP, stored, and on the
 * fan's word made the home that alerts match against. The home is only ever changed through the
 * profile (same validation, same ZIP placement), and never by the fallback.
 */
export function createFanLocation(
  repo: FanLocationRepo,
  finishSetup: FinishSetupRepo,
  profiles: ProfileService,
) {
  async function state(fanId: string): Promise<TFanLocationState> {
    const [row, home] = await Promise.all([repo.find(fanId), repo.home(fanId)]);
    const location = row && {
      latitude: row.latitude,
      longitude: row.longitude,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      source: row.source,
      locatedAt: row.locatedAt.toISOString(),
    };
    const homePlace = home && {
      city: home.city,
      state: zipcodes.lookup(home.zipCode)?.state ?? '',
      zipCode: home.zipCode,
    };
    return { location, home: homePlace, isHome: Boolean(row && home?.zipCode === row.zipCode) };
  }

  async function fallback(fanId: string): Promise<TFanLocationState> {
    await repo.saveFallback(fanId, fallbackValues());
    await finishSetup.locationStepDone(fanId);
    return state(fanId);
  }

  return {
    get(user: SessionUser): Promise<TFanLocationState> {
      return state(fanOnly(user));
    },

    /** A position with no US ZIP within reach (abroad, at sea) gets the fallback instead. */
    async locate(user: SessionUser, position: TLocationInput): Promise<TLocateResult> {
      const fanId = fanOnly(user);
      const place = nearestZip(position.latitude, position.longitude);
      if (!place) return { ...(await fallback(fanId)), resolved: false };
      const { zipCode, city, state: placeState } = place;
      await repo.saveDevice(fanId, {
        ...position,
        zipCode,
        city,
        state: placeState,
        source: 'device',
      });
      await finishSetup.locationStepDone(fanId);
      return { ...(await state(fanId)), resolved: true };
    },

    /** The browser refused or had no position: New York, the spec's fixed location. */
    fallback(user: SessionUser): Promise<TFanLocationState> {
      return fallback(fanOnly(user));
    },

    /** 'Skip for now': nothing stored, but the step is done. */
    async skip(user: SessionUser): Promise<void> {
      await finishSetup.locationStepDone(fanOnly(user));
    },

    /** The stored device location becomes the home, as if its ZIP were saved in settings. */
    async makeHome(user: SessionUser): Promise<TFanLocationState> {
      const fanId = fanOnly(user);
      const row = await repo.find(fanId);
      if (row?.source !== 'device') {
        throw new AppError('CONFLICT', LOCATION_MESSAGES.noDevicePosition);
      }
      // The home city comes from the ZIP, as for any settings save.
      const patch = ZFanProfilePatch.safeParse({ zipCode: row.zipCode });
      if (!patch.success) {
        const fields: Record<string, string> = {};
        for (const issue of patch.error.issues) fields[issue.path.join('.')] ??= issue.message;
        throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
          fields,
        });
      }
      await profiles.patch(user, 'fan', patch.data);
      return state(fanId);
    },
  };
}

export type FanLocation = ReturnType<typeof createFanLocation>;
