import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { AccountDataRepo } from '../repositories/account-data.repo.ts';
import type { PhotoRepo } from '../repositories/photo.repo.ts';
import type { PhotoService } from './photo.service.ts';

/** "Export My Data" and "Delete Account": always the signed-in user's own account. */
export function createAccountDataService(deps: {
  auth: Auth;
  data: AccountDataRepo;
  photoUrls: PhotoRepo;
  photos: PhotoService;
}) {
  const { auth, data, photoUrls, photos } = deps;
  return {
    async export(user: SessionUser) {
      return {
        exportedAt: new Date().toISOString(),
        ...(await data.collect(user.id, user.role)),
      };
    },

    /** Deletes every row, then the photo file; answers the Set-Cookie that clears the session. */
    async delete(user: SessionUser, headers: Headers): Promise<{ setCookies: string[] }> {
      const photoUrl = await photoUrls.current(user.id);
      await data.deleteUser(user.id);
      // The file goes only once the rows are gone: a failed delete must not leave a profile
      // pointing at a missing photo.
      await photos.discard(photoUrl);
      // The session row went with the user; signOut still answers the cookie that clears it.
      const { headers: responseHeaders } = await auth.api.signOut({ headers, returnHeaders: true });
      return { setCookies: responseHeaders.getSetCookie() };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
