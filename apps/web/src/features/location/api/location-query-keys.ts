/** Under the fan's prefix, so the fan's own list invalidations also refresh the card. */
export const locationQueryKeys = {
  finishSetup: ['fan', 'finish-setup'] as const,
};
