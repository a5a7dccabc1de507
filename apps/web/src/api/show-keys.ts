/**
 * A show's page's query key, apart from its fetcher (shows.ts): the attendance mutation writes that
 * entry from the fan dashboard, whose chunk carries no zod (on a slow phone), and shows.ts checks the
 * answer with zod.
 */
export const showKeys = {
  detail: (id: string) => ['show', id] as const,
};
