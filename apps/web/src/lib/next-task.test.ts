import { describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('runs after the current task, and not at all once cancelled', async () => {
    const ran: string[] = [];
    nextTask(() => ran.push('next'));
    const cancel = nextTask(() => ran.push('cancelled'));
    cancel();
    ran.push('now');
    await new Promise((resolve) => nextTask(() => resolve(undefined)));
    expect(ran).toEqual(['now', 'next']);
  });

  it('is held by no fake clock (a paused page clock must not keep the app from starting)', async () => {
    vi.useFakeTimers();
    try {
      const ran = await new Promise<boolean>((resolve) => nextTask(() => resolve(true)));
      expect(ran).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
