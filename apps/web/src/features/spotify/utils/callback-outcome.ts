import { SPOTIFY_MESSAGES as M, type TSpotifyConnectRequest } from '@encore/contract';

/**
 * What the callback's query says, checked in the spec's order (section 8): the provider's error,
 * then a missing code, then a state other than the one this tab started with. Only a request
 * that passes all three goes to the server.
 */
export function callbackOutcome(
  query: URLSearchParams,
  storedState: string | null,
): { error: string } | { request: TSpotifyConnectRequest } {
  const providerError = query.get('error');
  if (providerError !== null) return { error: M.authorizationFailed(providerError) };
  const code = query.get('code');
  if (!code) return { error: M.noCode };
  const state = query.get('state');
  if (!state || state !== storedState) return { error: M.invalidState };
  return { request: { code, state } };
}
