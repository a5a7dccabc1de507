import { ROLES } from './role-list.ts';
import { z } from './z.ts';

/** A role in a request or an answer; the list itself and the role cards are in role-list.ts. */
export const ZRole = z.enum(ROLES, {
  error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid role'),
});
