/**
 * The roles without zod (ZRole is in roles.ts): the splash's role cards and the first pages'
 * session check import these, and a module that builds a zod schema would bring zod's core into
 * those pages' JavaScript (decision 023).
 */

/** The three kinds of user, chosen once at sign-up (spec section 1, 6). */
export const ROLES = ['fan', 'performer', 'venue'] as const;
export type TRole = (typeof ROLES)[number];

export function isRole(value: unknown): value is TRole {
  return (ROLES as readonly unknown[]).includes(value);
}

/** Role-choice cards (spec: "Splash and role choice"). */
export const ROLE_CARDS: Record<TRole, { title: string; description: string }> = {
  fan: { title: 'Fan', description: 'Discover live music' },
  performer: { title: 'Performer', description: 'Share your music' },
  venue: { title: 'Venue', description: 'Host events' },
};
