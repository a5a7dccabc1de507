import { z } from './z.ts';

/**
 * The location step (/onboarding/location) and the dashboard's 'Finish setting up' card. The
 * browser's position is resolved on the server, offline, to the nearest US ZIP; the fixed New York
 * location of the spec is only the fallback when there is no usable position (decision 013).
 */

/** Spec section 9: the fixed sample location, New York (City Hall), used only as the fallback. */
export const FALLBACK_POSITION = { latitude: 40.7128, longitude: -74.006 } as const;

/**
 * Not in the spec: how far the nearest US ZIP may lie from a position for it to count as "near".
 * ZIPs are densest in cities and ~60 mi apart at worst in the lower 48; farther is abroad or at sea.
 */
export const NEAREST_ZIP_MAX_MILES = 100;

/** Not in the spec: how long the browser may look for a position before it counts as unavailable. */
export const GEOLOCATION_TIMEOUT_MS = 10_000;

export const LOCATION_MESSAGES = {
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  /** Why the browser gave no usable position, one sentence per cause. */
  denied: 'Location access was refused.',
  unavailable: 'Your browser could not find your position.',
  unsupported: 'This browser cannot share its location.',
  outside: 'Your position is not near a US city.',
  /** What stands in for it: the spec's New York, or a position the fan shared before. */
  usingNewYork: 'Encore is using New York for now.',
  keepingEarlier: 'Encore keeps the location you shared before:',
  noDevicePosition: 'Share your location first to make it your home',
  homeUpdated: 'Home updated',
} as const;

export type TFallbackReason = 'denied' | 'unavailable' | 'unsupported' | 'outside';

const latitude = z
  .number(LOCATION_MESSAGES.latitude)
  .min(-90, LOCATION_MESSAGES.latitude)
  .max(90, LOCATION_MESSAGES.latitude);
const longitude = z
  .number(LOCATION_MESSAGES.longitude)
  .min(-180, LOCATION_MESSAGES.longitude)
  .max(180, LOCATION_MESSAGES.longitude);

/** PUT /api/fan/location: the browser's position (Geolocation API coordinates). */
export const ZLocationInput = z.strictObject({ latitude, longitude });
export type TLocationInput = z.infer<typeof ZLocationInput>;

/** The spec's session location (latitude, longitude, city, timestamp), with its ZIP and state. */
export const ZFanLocation = z.object({
  latitude: z.number(),
  longitude: z.number(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  /** `device`: the browser's position; `fallback`: the fixed New York location. */
  source: z.enum(['device', 'fallback']),
  locatedAt: z.string(),
});
export type TFanLocation = z.infer<typeof ZFanLocation>;

/** The fan's home for alert matching, as the profile holds it (null before setup). */
export const ZFanHomePlace = z.object({ city: z.string(), state: z.string(), zipCode: z.string() });
export type TFanHomePlace = z.infer<typeof ZFanHomePlace>;

/** Every /api/fan/location answer: the stored location, the home, and whether they agree. */
export const ZFanLocationState = z.object({
  location: ZFanLocation.nullable(),
  home: ZFanHomePlace.nullable(),
  /** The stored location lies in the home's ZIP. */
  isHome: z.boolean(),
});
export type TFanLocationState = z.infer<typeof ZFanLocationState>;

/** PUT /api/fan/location's answer: also whether this position was near a US city at all. */
export const ZLocateResult = ZFanLocationState.extend({
  /** false: no US ZIP within reach, so the fallback was stored (or an earlier position kept). */
  resolved: z.boolean(),
});
export type TLocateResult = z.infer<typeof ZLocateResult>;

/**
 * GET /api/fan/finish-setup: whether the dashboard's one-time 'Finish setting up' card offers its
 * location and Spotify steps (`visible`), and whether it asks the fan to verify their phone: SMS
 * is on but no text goes out until the phone is verified (`verifyPhone`; older servers omit it).
 * The card shows while either is true.
 */
export const ZFinishSetup = z.object({
  visible: z.boolean(),
  verifyPhone: z.boolean().default(false),
});
export type TFinishSetup = z.infer<typeof ZFinishSetup>;
