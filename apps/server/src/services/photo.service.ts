import { randomBytes } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@encore/contract';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import { sniffImage } from '../lib/image-sniff.ts';
import type { PhotoRepo } from '../repositories/photo.repo.ts';

/** Profile photos for every role; any signed-in user may set their own, before or after setup. */
export function createPhotoService(photos: PhotoRepo, storage: FileStorage) {
  async function discard(url: string | null): Promise<void> {
    const key = url === null ? null : storage.keyOf(url);
    if (key !== null) await storage.delete(key);
  }

  return {
    async upload(user: SessionUser, data: Buffer | undefined): Promise<{ photoUrl: string }> {
      if (!data || data.length === 0) throw new AppError('UPLOAD_FAILED', PHOTO_MESSAGES.failed);
      if (data.length > PHOTO_MAX_BYTES) {
        throw new AppError('FILE_TOO_LARGE', PHOTO_MESSAGES.tooLarge);
      }
      const sniffed = sniffImage(data);
      if (sniffed === 'truncated') throw new AppError('UPLOAD_FAILED', PHOTO_MESSAGES.failed);
      if (sniffed === 'other') throw new AppError('INVALID_FILE_TYPE', PHOTO_MESSAGES.invalidType);

      // A random name per upload (second security probe), never the content's hash: a URL is never handed out
      // twice (the same image uploaded again gets a new one, so a deleted URL stays dead) and
      // cannot be computed by whoever has the image. Earlier content-hash URLs keep working.
      const key = `${randomBytes(32).toString('hex')}.${sniffed.extension}`;
      await storage.put(key, data);
      const photoUrl = storage.url(key);
      await discard(await photos.replace(user.id, photoUrl));
      return { photoUrl };
    },

    async remove(user: SessionUser): Promise<void> {
      await discard(await photos.replace(user.id, null));
    },

    /** After the account is gone: its photo file must not outlive it. */
    discard,
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
