import { describe, expect, it } from 'vitest';
import { afterLoginPath, homePathFor, setupPathFor } from './home-path';

describe('homePathFor (spec "Login")', () => {
  it.each([
    ['fan', true, '/dashboard'],
    ['performer', true, '/performer-dashboard'],
    ['venue', true, '/venue-dashboard'],
    ['fan', false, '/profile/fan-setup'],
    ['performer', false, '/profile/performer-setup'],
    ['venue', false, '/profile/venue-setup'],
  ] as const)('a %s with profileComplete %s goes to %s', (role, profileComplete, path) => {
    expect(homePathFor({ role, profileComplete })).toBe(path);
  });

  it('setupPathFor gives the setup screen regardless of the profile', () => {
    expect(setupPathFor('performer')).toBe('/profile/performer-setup');
  });
});

describe('afterLoginPath (back to the page that asked for the login)', () => {
  const fan = { role: 'fan', profileComplete: true } as const;

  it('returns to a page of this app', () => {
    expect(afterLoginPath(fan, '/shows/42')).toBe('/shows/42');
    expect(afterLoginPath(fan, '/artists/a%20b?x=1')).toBe('/artists/a%20b?x=1');
  });

  it.each([
    [null],
    [''],
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example/'],
    ['javascript:alert(1)'],
    ['/auth/login'],
    ['/auth/create-account'],
  ])('goes home instead of %j', (next) => {
    expect(afterLoginPath(fan, next)).toBe('/dashboard');
  });

  it('sends an incomplete profile to its setup screen first', () => {
    expect(afterLoginPath({ role: 'fan', profileComplete: false }, '/shows/42')).toBe(
      '/profile/fan-setup',
    );
  });
});
