import {
  PROFILE_EXTRA_MESSAGES,
  type TFanProfile,
  type TFanProfileData,
  type TPerformerProfile,
  type TPerformerProfileData,
  type TRole,
  type TVenueProfile,
  type TVenueProfileData,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { findZipHome, placeZip } from '../domain/zip-location.ts';
import { AppError } from '../http/app-error.ts';
import type { PhoneVerificationRepo } from '../repositories/phone-verification.repo.ts';
import type { ProfileRepo, ProfileValues, StoredProfile } from '../repositories/profile.repo.ts';

export type ProfileData = {
  fan: TFanProfileData;
  performer: TPerformerProfileData;
  venue: TVenueProfileData;
};
export type Profile = { fan: TFanProfile; performer: TPerformerProfile; venue: TVenueProfile };

/** Each user has the profile of their own role only, read and written through their session. */
export function createProfileService(profiles: ProfileRepo, phones: PhoneVerificationRepo) {
  async function get<R extends TRole>(user: SessionUser, role: R): Promise<Profile[R] | null> {
    authorize(user, role);
    const stored = await profiles.find(role, user.id);
    return stored ? present(role, stored) : null;
  }

  async function present<R extends TRole>(role: R, { row, photoUrl }: StoredProfile<R>) {
    const { userId, createdAt, updatedAt, ...fields } = row;
    delete (fields as { latitude?: number }).latitude;
    delete (fields as { longitude?: number }).longitude;
    const profile = { ...fields, photoUrl, updatedAt: updatedAt.toISOString() };
    // The columns are the contract's fields by name (db/schema/profiles.ts); the route's response
    // schema checks the result once more on the way out.
    if (role !== 'fan') return profile as unknown as Profile[R];
    const fan = row as StoredProfile<'fan'>['row'];
    // Verified means this user confirmed exactly the phone now on the profile.
    const phoneVerified = await phones.isPhoneVerified(userId, fan.phone);
    // The state is the ZIP's, as the alert reasons name it; no column to fall out of step.
    const homeState = findZipHome(fan.zipCode)?.state ?? '';
    return { ...profile, homeState, phoneVerified } as unknown as Profile[R];
  }

  return {
    get,

    /** Setup: the whole profile, which also completes the account's profile. */
    async put<R extends TRole>(user: SessionUser, role: R, data: ProfileData[R]) {
      authorize(user, role);
      await profiles.save(role, user.id, withLocation(data) as ProfileValues);
      return (await get(user, role)) as Profile[R];
    },

    /** Settings: some fields of a profile that must already exist. */
    async patch<R extends TRole>(user: SessionUser, role: R, data: Partial<ProfileData[R]>) {
      authorize(user, role);
      const changed = await profiles.update(
        role,
        user.id,
        withLocation(data, { homeCityFromZip: role === 'fan' }) as Partial<ProfileValues>,
      );
      if (!changed) throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
      return (await get(user, role)) as Profile[R];
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

export function authorize(user: SessionUser, role: TRole): void {
  if (user.role !== role) throw new AppError('FORBIDDEN', PROFILE_EXTRA_MESSAGES.wrongRole);
}

/**
 * Fans and venues are placed on the map by their ZIP, whenever it is saved. In settings a fan's
 * home city is the ZIP's too (the settings schema has no city field), so the city the alerts
 * name and the place they measure from cannot disagree. Setup still stores the city as typed.
 */
function withLocation<T extends object>(data: T, { homeCityFromZip = false } = {}): T {
  if (!('zipCode' in data) || typeof data.zipCode !== 'string') return data;
  const { latitude, longitude, city } = placeZip(data.zipCode);
  return { ...data, latitude, longitude, ...(homeCityFromZip ? { homeCity: city } : {}) };
}
