import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../../src/auth/session-cache.ts';

/** auth/session-cache.ts on its own: what it keeps, what drops it, and the read-versus-drop race. */
function cache(options: { maxEntries?: number; maxAgeMs?: number } = {}) {
  let clock = 1_000;
  const sessions = createSessionCache<string>({
    maxEntries: options.maxEntries ?? 10,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    now: () => clock,
  });
  sessions.setEnabled(true);
  return { sessions, advance: (ms: number) => (clock += ms) };
}

describe('the session cache', () => {
  it('answers a stored token with its user, and nothing for another token', () => {
    const { sessions } = cache();
    sessions.store('t1', 'u1', 'user one', 5_000_000, sessions.generation());
    expect(sessions.get('t1')?.user).toBe('user one');
    expect(sessions.get('t2')).toBeUndefined();
  });

  it('drops every session of a changed user, and only theirs', () => {
    const { sessions } = cache();
    sessions.store('a1', 'alice', 'alice', 1e12, sessions.generation());
    sessions.store('a2', 'alice', 'alice', 1e12, sessions.generation());
    sessions.store('b1', 'bob', 'bob', 1e12, sessions.generation());
    sessions.dropUsers(['alice']);
    expect(sessions.get('a1')).toBeUndefined();
    expect(sessions.get('a2')).toBeUndefined();
    expect(sessions.get('b1')?.user).toBe('bob');
    sessions.dropUsers();
    expect(sessions.get('b1')).toBeUndefined();
  });

  it('does not keep a row read before a drop that happened while it was read', () => {
    const { sessions } = cache();
    const readSince = sessions.generation();
    sessions.dropUsers(['someone else']);
    sessions.store('t1', 'u1', 'stale', 1e12, readSince);
    expect(sessions.get('t1')).toBeUndefined();
  });

  it('keeps nothing while disabled (its notices are not heard)', () => {
    const { sessions } = cache();
    sessions.store('t1', 'u1', 'one', 1e12, sessions.generation());
    sessions.setEnabled(false);
    expect(sessions.get('t1')).toBeUndefined();
    sessions.store('t1', 'u1', 'one', 1e12, sessions.generation());
    sessions.setEnabled(true);
    expect(sessions.get('t1')).toBeUndefined();
  });

  it('forgets an entry past its max age, and the least recently used past its size', () => {
    const { sessions, advance } = cache({ maxEntries: 2, maxAgeMs: 1_000 });
    sessions.store('t1', 'u1', 'one', 1e12, sessions.generation());
    sessions.store('t2', 'u2', 'two', 1e12, sessions.generation());
    expect(sessions.get('t1')?.user).toBe('one');
    sessions.store('t3', 'u3', 'three', 1e12, sessions.generation());
    expect(sessions.get('t2')).toBeUndefined();
    expect(sessions.stats().entries).toBe(2);
    advance(1_000);
    expect(sessions.get('t1')).toBeUndefined();
  });
});
