import type { TRole } from '@encore/contract';

/**
 * Who is looking at a public page: signed out (null) or a role. Fans get the actions (Going,
 * alerts); signed-out visitors a 'Log in' prompt; performers and venues neither.
 */
export type Viewer = { role: TRole } | null;
