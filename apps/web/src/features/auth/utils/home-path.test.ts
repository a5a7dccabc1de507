import { describe, expect, it } from 'vitest';
import { homePathFor, setupPathFor } from './home-path';

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
