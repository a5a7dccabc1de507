import type { TRole, TSessionUser } from '@encore/contract';
import { paths } from '@/config/paths';

const SETUP: Record<TRole, string> = {
  fan: paths.fan.setup.href(),
  performer: paths.performer.setup.href(),
  venue: paths.venue.setup.href(),
};

const DASHBOARD: Record<TRole, string> = {
  fan: paths.fan.dashboard.href(),
  performer: paths.performer.dashboard.href(),
  venue: paths.venue.dashboard.href(),
};

export function setupPathFor(role: TRole): string {
  return SETUP[role];
}

/**
 * Where a signed-in user belongs (spec "Login", section 4): their role's dashboard once the
 * profile is complete, else their role's setup screen. Login, sign-up and the guards all use it.
 */
export function homePathFor(user: Pick<TSessionUser, 'role' | 'profileComplete'>): string {
  return user.profileComplete ? DASHBOARD[user.role] : SETUP[user.role];
}

/**
 * Only a path inside this app may be a return address: '//host' and '/\\host' are other sites
 * to a browser, and the login and sign-up screens would only bounce back here.
 */
function isSafeReturnPath(next: string | null): next is string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return false;
  return !next.startsWith(paths.auth.root.path);
}

/**
 * After logging in: back to the page that asked for it (a show, an artist) when the profile is
 * complete; an incomplete profile still goes to its setup screen first, as the spec requires.
 */
export function afterLoginPath(
  user: Pick<TSessionUser, 'role' | 'profileComplete'>,
  next: string | null,
): string {
  return user.profileComplete && isSafeReturnPath(next) ? next : homePathFor(user);
}
