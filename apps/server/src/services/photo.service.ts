import { createHash } from 'node:crypto';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@encore/contract';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import { sniffImage } from '../lib/image-sniff.ts';
import type { PhotoRepo } from '../repositories/photo.repo.ts';

/** Profile photos for every role; any signed-in user may set their own, before or after setup. */
export function createPhotoService(photos: PhotoRepo, storage: FileStorage) {
  async function discard(url: string | null, keep?: string): Promise<void> {
    const key = url === null ? null : storage.keyOf(url);
    if (key !== null && key !== keep) await storage.delete(key);
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

      // Named by content (and owner, so two users' identical files are never shared): a new
      // photo gets a new URL, which lets browsers cache every URL forever.
      const hash = createHash('sha256').update(user.id).update('\0').update(data).digest('hex');
      const key = `${hash}.${sniffed.extension}`;
      await storage.put(key, data);
      const photoUrl = storage.url(key);
      await discard(await photos.replace(user.id, photoUrl), key);
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
