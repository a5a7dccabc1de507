import { GENERIC_MESSAGES } from '@encore/contract';
import type { LocalDiskStorage } from '../adapters/storage/local-disk-storage.ts';
import { AppError } from '../http/app-error.ts';
import { IMAGE_CONTENT_TYPES, type ImageExtension } from '../lib/image-sniff.ts';

/**
 * The files the local-disk storage keeps, served to anyone: their keys are content hashes nobody
 * guesses, handed out only as a profile's photo URL. The content type comes from the extension,
 * which the upload chose from the sniffed bytes.
 */
export function createUploadsService(storage: LocalDiskStorage) {
  return {
    async file(key: string): Promise<{ data: Buffer; contentType: string }> {
      const data = await storage.read(key);
      if (data === null) throw new AppError('NOT_FOUND', GENERIC_MESSAGES.notFound);
      const extension = key.slice(key.lastIndexOf('.') + 1) as ImageExtension;
      return { data, contentType: IMAGE_CONTENT_TYPES[extension] };
    },
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
