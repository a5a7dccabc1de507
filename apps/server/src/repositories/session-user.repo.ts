import { eq, sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import { session, user } from '../db/schema/index.ts';

/**
 * The session check every signed-in request makes: the session and its user in one statement,
 * prepared once (a named statement, so Postgres parses and plans it once per connection and Node
 * builds the SQL once), instead of better-auth's two lookups (session, then user).
 */
export function createSessionUserRepo(orm: Orm) {
  const byToken = orm
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      name: user.name,
      username: user.username,
      displayUsername: user.displayUsername,
      createdAt: user.createdAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('encore_session_user_by_token');

  return {
    async findByToken(token: string) {
      const [row] = await byToken.execute({ token });
      return row ?? null;
    },
  };
}

export type SessionUserRepo = ReturnType<typeof createSessionUserRepo>;
export type SessionUserRow = NonNullable<Awaited<ReturnType<SessionUserRepo['findByToken']>>>;
