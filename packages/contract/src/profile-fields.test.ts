import { describe, expect, it } from 'vitest';
import { PROFILE_EXTRA_MESSAGES as X } from './profile-messages.ts';
import { ZPerformerProfileInput } from './profiles.ts';

describe('optional social handles', () => {
  const handle = ZPerformerProfileInput.shape.instagramHandle;

  it('reports a bad handle with its own message, not a generic union error', () => {
    const result = handle.safeParse('bad handle!');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([X.handle]);
  });

  it('stores a handle without its @, and blank as null', () => {
    expect(handle.parse('@night.owls')).toBe('night.owls');
    expect(handle.parse('')).toBeNull();
  });
});
