import { z } from 'zod/mini';

/** The three kinds of user, chosen once at sign-up (spec section 1, 6). */
export const ROLES = ['fan', 'performer', 'venue'] as const;
export const ZRole = z.enum(ROLES, {
  error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid role'),
});
export type TRole = z.infer<typeof ZRole>;

/** Role-choice cards (spec: "Splash and role choice"). */
export const ROLE_CARDS: Record<TRole, { title: string; description: string }> = {
  fan: { title: 'Fan', description: 'Discover live music' },
  performer: { title: 'Performer', description: 'Share your music' },
  venue: { title: 'Venue', description: 'Host events' },
};
