import { useEffect, useState } from 'react';

/** An account this young that has never seen its dashboard here is new, not returning. */
const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;
const greetedKey = (userId: string) => `encore:dashboard-greeted:${userId}`;

function wasGreeted(userId: string): boolean {
  try {
    return window.localStorage.getItem(greetedKey(userId)) !== null;
  } catch {
    // Storage refused (private mode, quota): greet as returning rather than welcome twice.
    return true;
  }
}

function markGreeted(userId: string) {
  try {
    window.localStorage.setItem(greetedKey(userId), '1');
  } catch {
    // Nothing to keep: the next visit reads as returning anyway (wasGreeted).
  }
}

/**
 * Whether this is the fan's first look at their dashboard: a brand-new account is not "back".
 * The answer is fixed for the page's life (a re-render does not turn it into "Welcome back"); the
 * next visit is a return. An older account on a new device is returning, hence the account's age.
 */
export function useFirstVisit(user: { id: string; createdAt: string }): boolean {
  // The age first: an account older than a day is returning whatever this device kept, and the
  // page's first touch of localStorage costs 3–5 ms of a phone's main thread on the dashboard's
  // first render (the origin's storage loaded from the browser process on a slow phone). Only a young
  // account reads or writes the mark.
  const young = Date.now() - Date.parse(user.createdAt) < NEW_ACCOUNT_MS;
  const [first] = useState(() => young && !wasGreeted(user.id));
  useEffect(() => {
    if (young) markGreeted(user.id);
  }, [young, user.id]);
  return first;
}
