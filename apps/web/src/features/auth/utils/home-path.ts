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
