import { GENERIC_MESSAGES } from '@encore/contract';
import type { LocalDiskStorage } from '../adapters/storage/local-disk-storage.ts';
import { AppError } from '../http/app-error.ts';
import { IMAGE_CONTENT_TYPES, type ImageExtension } from '../lib/image-sniff.ts';

/**
 * The files the local-disk storage keeps, served to anyone: their keys are 256 random bits (content
 * hashes before the second security probe) nobody guesses, handed out only as a profile's photo URL. The content
 * type comes from the extension, which the upload chose from the sniffed bytes.
 */
export function createUploadsService(storage: LocalDiskStorage) {
  return {
    async file(key: string): Promise<{ data: Buffer; contentType: string }> {
      const data = await storage.read(key);
      if (data === null) throw new AppError('NOT_FOUND', GENERIC_MESSAGES.notFound);
      const extension = key.slice(key.lastIndexOf('.') + 1) as ImageExtension;
      return { data, contentType: IMAGE_CONTENT_TYPES[extension] };
    },

    /** Whether the file is still there: a revalidation is answered 304 without reading it. */
    exists: (key: string): Promise<boolean> => storage.has(key),

    /**
     * The file's strong validator: a key's bytes never change (written once, then only deleted),
     * so the key itself is one.
     */
    etag: (key: string): string => key,
  };
}

export type UploadsService = ReturnType<typeof createUploadsService>;
