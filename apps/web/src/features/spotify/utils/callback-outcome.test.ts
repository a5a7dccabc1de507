import { SPOTIFY_CALLBACK_PATH } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { callbackOutcome } from './callback-outcome';

const outcome = (query: string, stored: string | null = 's1') =>
  callbackOutcome(new URLSearchParams(query), stored);

describe('the callback’s query', () => {
  it('checks the provider’s error, then the code, then the state', () => {
    expect(outcome('error=access_denied&code=c&state=s1')).toEqual({
      error: 'Spotify authorization failed: access_denied',
    });
    expect(outcome('state=s1')).toEqual({ error: 'No authorization code received' });
    expect(outcome('code=c&state=s2')).toEqual({ error: 'Invalid state parameter' });
    expect(outcome('code=c&state=s1', null)).toEqual({ error: 'Invalid state parameter' });
    expect(outcome('code=c&state=')).toEqual({ error: 'Invalid state parameter' });
    expect(outcome('code=c&state=s1')).toEqual({ request: { code: 'c', state: 's1' } });
  });

  it('is the route the server tells Spotify to come back to', () => {
    expect(paths.fan.onboardingSpotifyCallback.path).toBe(SPOTIFY_CALLBACK_PATH);
  });
});
