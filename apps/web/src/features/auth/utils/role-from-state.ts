import { isRole, type TRole } from '@encore/contract';

/**
 * The role chosen on /landing arrives as navigation state. Opening the URL directly (or a
 * tampered state) gives no valid role: the spec's default is fan.
 */
export function roleFromState(state: unknown): TRole {
  const role = typeof state === 'object' && state !== null && 'role' in state ? state.role : null;
  return isRole(role) ? role : 'fan';
}
