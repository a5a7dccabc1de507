import { send } from './profile-inputs.ts';
import { member } from './shows.ts';
import type { TestApp } from './test-app.ts';

export type Fan = { id: string; cookie: string };

/** Saves the fan's privacy settings: the defaults (Public, attendance shown, requests allowed) with `changes`. */
export function privacy(t: TestApp, of: Fan, changes: Record<string, unknown>) {
  return send(t.app, 'PUT', '/api/settings/privacy', of.cookie, {
    visibility: 'public',
    showAttendance: true,
    allowFriendRequests: true,
    ...changes,
  });
}

/** `a` asks `b` to be Show Pals. */
export function ask(t: TestApp, from: Fan, to: Fan) {
  return send(t.app, 'POST', '/api/social/requests', from.cookie, { fanId: to.id });
}

/** `a` asks, `b` accepts: Show Pals through the API. */
export async function palUp(t: TestApp, a: Fan, b: Fan) {
  await ask(t, a, b);
  await send(t.app, 'POST', `/api/social/requests/${a.id}/accept`, b.cookie);
}

export const socialFan = (t: TestApp, profile: Record<string, unknown> = {}) =>
  member(t, 'fan', profile);
