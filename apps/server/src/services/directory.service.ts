import { SHOW_ROLE_MESSAGES, type TDirectoryEntry } from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { AppError } from '../http/app-error.ts';
import type { DirectoryRepo } from '../repositories/directory.repo.ts';

export type DirectoryKind = 'performers' | 'venues';

/** The booking directory: performers and venues found by name, for one another. */
export function createDirectoryService(directory: DirectoryRepo) {
  return {
    async search(
      user: SessionUser,
      kind: DirectoryKind,
      q: string,
    ): Promise<{ results: TDirectoryEntry[] }> {
      // Booking is between performers and venues; fans have no use for the directory.
      if (user.role === 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.bookersOnly);
      return { results: await directory[kind](q) };
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
