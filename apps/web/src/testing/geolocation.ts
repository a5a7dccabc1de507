import { vi } from 'vitest';

type Answer =
  | { position: { latitude: number; longitude: number } }
  | { error: 1 | 2 | 3 }
  | 'never';

/**
 * navigator.geolocation answering as the browser would: a position, an error code (1 refused,
 * 2 unavailable, 3 timeout), or no answer yet (the permission prompt still open).
 */
export function stubGeolocation(answer: Answer) {
  const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success, failure) => {
    if (answer === 'never') return;
    if ('position' in answer) {
      success({ coords: answer.position, timestamp: Date.now() } as GeolocationPosition);
    } else {
      failure?.({ code: answer.error, message: 'no' } as GeolocationPositionError);
    }
  });
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: { getCurrentPosition },
  });
  return getCurrentPosition;
}

/** A browser without the Geolocation API. */
export function removeGeolocation() {
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
}
