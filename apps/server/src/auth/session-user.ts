import { GENERIC_MESSAGES, type TRole, ZRole } from '@encore/contract';
import { AppError } from '../http/app-error.ts';
import type { Auth } from './auth.ts';

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  role: TRole;
  username: string;
  createdAt: Date;
};

/** The signed-in user read fresh from the database, or 401 for everyone else. */
export async function requireSessionUser(auth: Auth, headers: Headers): Promise<SessionUser> {
  const session = await auth.api.getSession({ headers });
  if (!session) throw new AppError('UNAUTHENTICATED', GENERIC_MESSAGES.unauthenticated);
  const { user } = session;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    role: ZRole.parse(user.role),
    username: user.displayUsername ?? user.username ?? user.name,
    createdAt: new Date(user.createdAt),
  };
}
