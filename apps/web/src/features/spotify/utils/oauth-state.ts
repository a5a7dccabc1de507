import { SPOTIFY_STATE_STORAGE_KEY } from '@encore/contract';

/**
 * The state of the authorisation in progress, in this tab's session storage (spec section 4): the
 * callback compares what Spotify sends back with it before asking the server, which checks it too.
 */
export function rememberOAuthState(state: string): void {
  window.sessionStorage.setItem(SPOTIFY_STATE_STORAGE_KEY, state);
}

/** The remembered state, removed: a state is good for one callback. */
export function takeOAuthState(): string | null {
  const state = window.sessionStorage.getItem(SPOTIFY_STATE_STORAGE_KEY);
  window.sessionStorage.removeItem(SPOTIFY_STATE_STORAGE_KEY);
  return state;
}
