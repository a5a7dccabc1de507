import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { NO_FRAME_PATHS, preloadScript } from '../../build/preload-signed-in-frame';

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
});
