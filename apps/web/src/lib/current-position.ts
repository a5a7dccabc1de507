import {
  GEOLOCATION_TIMEOUT_MS,
  type TFallbackReason,
  type TLocationInput,
} from '@encore/contract';

export type PositionResult =
  | { ok: true; position: TLocationInput }
  | { ok: false; reason: Exclude<TFallbackReason, 'outside'> };

/** GeolocationPositionError.PERMISSION_DENIED; the other codes are "no position" for us. */
const PERMISSION_DENIED = 1;
/** A position up to five minutes old is as good as a new one for finding the nearest city. */
const MAXIMUM_AGE_MS = 5 * 60_000;

/**
 * The browser's position through the Geolocation API (which asks the user first). Never rejects:
 * a refusal, no fix within the timeout, or no API at all (old browsers, plain-http pages) come back
 * as the reason, for the fallback's message.
 */
export function currentPosition(
  geolocation: Geolocation | undefined = navigator.geolocation,
): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ ok: false, reason: 'unsupported' });
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ ok: true, position: { latitude: coords.latitude, longitude: coords.longitude } }),
      (error) =>
        resolve({ ok: false, reason: error.code === PERMISSION_DENIED ? 'denied' : 'unavailable' }),
      { enableHighAccuracy: false, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    );
  });
}
