import { DSessionResponse } from '@encore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { SESSION_URL } from '@/features/auth/api/session-url';
import { apiRequest } from '@/lib/api-client';
import { forgetEarlyRequests } from '@/lib/early-requests';
import { json, sessionUser, stubApi } from '@/testing/stub-api';
import { NO_FRAME_PATHS, preloadScript } from '../../build/preload-signed-in-frame';

afterEach(() => forgetEarlyRequests());

/**
 * browser-config.js preloads the signed-in frame's chunks on every path but these: a first page
 * that started preloading them would download ~65 KB more (npm run check:bundle does not see a
 * preload), and a public page does not show the frame.
 */
describe('the signed-in frame preload (build/preload-signed-in-frame.ts)', () => {
  it.each([
    paths.splash.href(),
    paths.landing.href(),
    paths.auth.root.href(),
    paths.auth.login.href(),
    paths.auth.createAccount.href(),
    paths.cityShows.path,
    paths.show.href('s1'),
    paths.artistPage.href('a1'),
    paths.venuePage.href('v1'),
    paths.unsubscribe.href(),
  ])('leaves %s alone', (path) => {
    expect(NO_FRAME_PATHS.test(path)).toBe(true);
  });

  it.each([
    paths.fan.dashboard.href(),
    paths.fan.alerts.href(),
    paths.fan.settings.href(),
    paths.performer.dashboard.href(),
    paths.venue.dashboard.href(),
  ])('preloads on %s', (path) => {
    expect(NO_FRAME_PATHS.test(path)).toBe(false);
  });

  it('adds one modulepreload link per file, and none on a first page', () => {
    stubApi({ [`GET ${SESSION_URL}`]: () => json({ user: null }) });
    const script = preloadScript(['assets/signed-in-abc.js', 'assets/x-def.js']);
    const run = (pathname: string) => {
      document.head.innerHTML = '';
      new Function('location', script)({ pathname });
      return [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
        link.getAttribute('href'),
      );
    };
    expect(run('/dashboard')).toEqual(['/assets/signed-in-abc.js', '/assets/x-def.js']);
    expect(run('/landing')).toEqual([]);
  });

  it("starts the session on a frame page, and the app's own session read takes that answer", async () => {
    const user = sessionUser({ username: 'demo_fan' });
    const fetchMock = stubApi({ [`GET ${SESSION_URL}`]: () => json({ user }) });
    const run = (pathname: string) =>
      new Function('location', preloadScript(['assets/signed-in-abc.js']))({ pathname });

    run('/landing');
    expect(fetchMock).not.toHaveBeenCalled();

    run('/dashboard');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('accept')).toBe('application/json');
    // AuthProvider's read (get-session.ts) is answered by it: still one request.
    const session = await apiRequest(SESSION_URL, { schema: DSessionResponse });
    expect(session.user?.username).toBe('demo_fan');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
