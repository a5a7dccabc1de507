import { configure, getConfig } from '@testing-library/react';
import { options } from 'preact';

/**
 * Preact runs useEffect callbacks (and an unmounted component's effect cleanups) after the next
 * frame, not when a render commits. Testing Library's `act` (Preact's, through the
 * react-dom/test-utils alias) flushes only the effects scheduled inside it, and most renders in our
 * tests happen outside any act: a stubbed fetch answers, the query settles, the screen re-renders.
 * So a findBy* could return while that render's effects were still waiting for the frame; a test
 * then read state they had not written yet, and an unmount() dropped them for good (Preact skips
 * the pending effects of an unmounted component): dashboard-welcome.test.tsx's first test, whose
 * "greeted" mark was never written.
 *
 * Here effects keep Preact's own timing (some code relies on running a frame later, e.g. a
 * mutation's per-call callbacks that need the component still subscribed), and whatever is still
 * pending is flushed as each findBy* / waitFor resolves: once a test has seen a render's output,
 * that render's effects have run. No sleeping to find out.
 */
export function flushPreactEffectsAfterWaits() {
  let pending: (() => void) | undefined;

  // Preact calls this with its effect-queue flush when it first queues an effect (its own
  // afterNextFrame, copied from preact/hooks: the next animation frame or 35 ms, then a task).
  // Preact's act swaps in its own for its duration and puts this one back.
  options.requestAnimationFrame = (flush) => {
    pending = flush;
    const done = () => {
      clearTimeout(timeout);
      cancelAnimationFrame(frame);
      setTimeout(flushPending);
    };
    const timeout = setTimeout(done, 35);
    const frame = requestAnimationFrame(done);
  };
  const flushPending = () => {
    const flush = pending;
    pending = undefined;
    flush?.();
  };

  // Wrap Testing Library's own wrapper once (setup.ts runs for every file in a shared worker).
  type AsyncWrapper = ReturnType<typeof getConfig>['asyncWrapper'] & { inner?: unknown };
  const current: AsyncWrapper = getConfig().asyncWrapper;
  const inner = (current.inner ?? current) as AsyncWrapper;
  const asyncWrapper = async (callback: () => Promise<unknown>) => {
    const result = await inner(callback);
    flushPending();
    return result;
  };
  configure({ asyncWrapper: Object.assign(asyncWrapper, { inner }) });
}
