import { describe, expect, it } from 'vitest';
import { oneAtATimeUntil } from '../../src/alerts/match-event.ts';

/** A promise with its resolve and reject at hand. */
function deferred() {
  let resolve = () => {};
  let reject = (_: Error) => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise's callbacks run (no timer: microtasks and one macrotask). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATimeUntil (the in-app ranges beside a big match’s genre store)', () => {
  it('runs one function at a time until the promise settles, then every one at once', async () => {
    const store = deferred();
    const turns = oneAtATimeUntil(store.promise);
    const running = new Set<string>();
    const gates = { a: deferred(), b: deferred(), c: deferred(), d: deferred() };
    const run = (name: keyof typeof gates) =>
      turns(async () => {
        running.add(name);
        await gates[name].promise;
        running.delete(name);
        return name;
      });
    const a = run('a');
    const b = run('b');
    const c = run('c');
    await settle();
    expect([...running]).toEqual(['a']);
    gates.a.resolve();
    expect(await a).toBe('a');
    await settle();
    expect([...running]).toEqual(['b']);
    // Stored: the function waiting for its turn starts beside the one running, and so do later
    // ones.
    store.resolve();
    await settle();
    expect([...running].sort()).toEqual(['b', 'c']);
    const d = run('d');
    await settle();
    expect([...running].sort()).toEqual(['b', 'c', 'd']);
    gates.b.resolve();
    gates.c.resolve();
    gates.d.resolve();
    expect(await Promise.all([b, c, d])).toEqual(['b', 'c', 'd']);
  });

  it('opens the turns when the promise fails too, and a failing function passes its turn on', async () => {
    const store = deferred();
    const turns = oneAtATimeUntil(store.promise);
    const failing = turns(async () => {
      throw new Error('range failed');
    });
    await expect(failing).rejects.toThrow('range failed');
    const next = deferred();
    let started = 0;
    const second = turns(async () => {
      started += 1;
      await next.promise;
    });
    const third = turns(async () => {
      started += 1;
    });
    await settle();
    expect(started).toBe(1);
    store.reject(new Error('store failed'));
    await settle();
    expect(started).toBe(2);
    next.resolve();
    await Promise.all([second, third]);
  });
});
