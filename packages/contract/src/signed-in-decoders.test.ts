import { describe, expect, it } from 'vitest';
import {
  DFanHome,
  DFinishSetup,
  DNotification,
  DNotificationPage,
  DUnreadCount,
  type StandardSchemaV1,
  ZFanHome,
  ZFinishSetup,
  ZNotification,
  ZNotificationPage,
  ZUnreadCount,
} from './index.ts';

/**
 * Each zod-free twin (signed-in-decoders.ts) accepts exactly what its zod schema accepts and
 * returns the same value: over valid answers, then every value in them replaced by each wrong kind
 * (or removed), an unknown key added to every object, and every list made one too long.
 */
function decoded(decoder: StandardSchemaV1, value: unknown) {
  const result = decoder['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('the decoders are synchronous');
  return result.issues ? { ok: false } : { ok: true, value: result.value };
}
function parsed(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/** Deep equality of JSON-like values (toEqual has the last word when this says no). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return keys.every((key) => key in y && sameJson(x[key], y[key]));
}

/** Values of every JSON kind, and the edges zod's number checks draw. */
const WRONG = [
  undefined,
  null,
  0,
  -3,
  1.5,
  2 ** 53,
  '',
  'x',
  'going',
  'confirmed',
  'announced',
  'pal_request',
  true,
  false,
  [],
  [1],
  {},
];
const REMOVED = Symbol('removed');
const clone = <T>(value: T): T => structuredClone(value);

/** `value` with the thing at `path` replaced (or removed), one variant per call. */
function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  const copy = clone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (by === REMOVED) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else parent[last] = by;
  return copy;
}

/**
 * Every path inside `value` (objects' keys and lists' items), depth first; inside a list, the
 * paths of its first and last items only (the items between are the same shape: a decoder that
 * checks only one end still fails, at a third of the variants for the dashboard's five cards).
 */
function paths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    const ends = (i: number) => i === 0 || i === value.length - 1;
    return value.flatMap((item, i) => [[...at, i], ...(ends(i) ? paths(item, [...at, i]) : [])]);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...paths(v, [...at, k])]);
  }
  return [];
}

/** The sample, and each way of breaking it. */
function variants(sample: unknown): unknown[] {
  const out: unknown[] = [sample, ...WRONG];
  for (const path of paths(sample)) {
    for (const wrong of [...WRONG, REMOVED]) out.push(replaced(sample, path, wrong));
    const here = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], sample);
    if (Array.isArray(here)) out.push(replaced(sample, path, [...here, ...here, ...here, ...here]));
    if (typeof here === 'object' && here !== null && !Array.isArray(here)) {
      out.push(replaced(sample, path, { ...here, unknownKey: 'dropped' }));
    }
  }
  out.push(
    typeof sample === 'object' && sample !== null ? { ...sample, unknownKey: 'dropped' } : sample,
  );
  return out;
}

function agree(
  decoder: StandardSchemaV1,
  schema: Parameters<typeof parsed>[0],
  samples: unknown[],
) {
  let accepted = 0;
  let refused = 0;
  for (const value of samples.flatMap(variants)) {
    const expected = parsed(schema, value);
    const got = decoded(decoder, value);
    // A plain deep comparison first: vitest's toEqual (and the message's JSON) over ~10,000
    // variants cost most of this file's time, 18 s beside `stress-ng --cpu 8` (issue 32).
    if (!sameJson(got, expected)) expect(got, JSON.stringify(value)).toEqual(expected);
    if (expected.ok) accepted++;
    else refused++;
  }
  // Both verdicts were exercised, so neither "always yes" nor "always no" passes.
  expect(accepted).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
}

const party = (id: string) => ({ id, name: `Name ${id}`, photoUrl: null });
const SHOW = {
  id: 's1',
  performer: { ...party('p1'), photoUrl: '/photos/p1.jpg', genres: ['rock', 'indie'] },
  venue: {
    id: 'v1',
    name: 'The Halcyon Room',
    streetAddress: '1 Main St',
    city: 'New York',
    state: 'NY',
    zipCode: '10001',
    photoUrl: null,
  },
  startsAt: '2026-12-09T00:00:00.000Z',
  timeZone: 'America/New_York',
  ticketUrl: 'https://tickets.example.com/s1',
  priceMin: 20,
  priceMax: 35.5,
  onSaleAt: null,
  supportingActs: [
    { name: 'Opener', performerId: null },
    { name: 'Encore act', performerId: 'p2', confirmation: 'pending' },
  ],
  genre: 'rock',
  status: 'on_sale',
  attendingCount: 12,
  createdById: 'u9',
  confirmation: { state: 'confirmed', partyId: null },
};
const HOME_SHOW = {
  show: SHOW,
  myAttendance: 'going',
  faces: [party('f1'), party('f2'), party('f3'), party('f4')],
  palsGoing: { count: 3, fans: [party('f1')] },
  startsLocal: { text: 'Tue, Dec 8, 2026, 7:00 PM EST', month: 'DEC', day: '8' },
};
const HOME = {
  counts: { goingTo: 3, watching: 6, attended: 1200 },
  nextShow: HOME_SHOW,
  toConfirm: [1, 2, 3, 4, 5].map((n) => ({
    ...HOME_SHOW,
    myAttendance: null,
    faces: [],
    show: { ...SHOW, id: `s${n}`, venue: { ...SHOW.venue, id: null }, supportingActs: [] },
  })),
};

const NOTIFICATION = {
  id: 'n1',
  kind: 'going_invite',
  title: 'Sam invited you',
  body: 'Tue, Dec 8, 7:00 PM · The Halcyon Room',
  reason: 'Your Show Pal',
  showId: 's1',
  fan: { id: 'f1', username: 'sam', name: 'Sam', photoUrl: null },
  invite: { state: 'invited' },
  inDigest: [],
  createdAt: '2026-11-29T08:00:00.000Z',
  readAt: null,
};

describe('the signed-in frame and dashboard decoders agree with their zod schemas', () => {
  it('the fan home (DFanHome / ZFanHome)', () => {
    agree(DFanHome, ZFanHome, [
      HOME,
      { ...HOME, nextShow: null, toConfirm: [] },
      // One fewer list item than the maximum, so a list one too long is tried at the edge too.
      { ...HOME, toConfirm: HOME.toConfirm.slice(0, 4), nextShow: { ...HOME_SHOW, faces: [] } },
    ]);
  });

  it('the finish-setup card (DFinishSetup / ZFinishSetup)', () => {
    agree(DFinishSetup, ZFinishSetup, [{ visible: true, verifyPhone: true }, { visible: false }]);
    expect(decoded(DFinishSetup, { visible: true })).toEqual({
      ok: true,
      value: { visible: true, verifyPhone: false },
    });
  });

  it('a notification and the bell page (DNotification, DNotificationPage)', () => {
    const plain = { ...NOTIFICATION, kind: 'booking_held', fan: null, invite: null, showId: null };
    const held = { ...plain, kind: 'announced', inDigest: ['email', 'sms'] };
    const message = {
      ...plain,
      kind: 'artist_message',
      artist: { performerId: 'p1', name: 'Night Static', muted: false },
    };
    agree(DNotification, ZNotification, [
      NOTIFICATION,
      plain,
      { ...plain, kind: 'price_drop' },
      held,
      message,
    ]);
    agree(DNotificationPage, ZNotificationPage, [
      { items: [NOTIFICATION, plain], nextCursor: 'c1', unread: 2 },
      { items: [], nextCursor: null, unread: 0 },
    ]);
  });

  it('the unread count (DUnreadCount / ZUnreadCount)', () => {
    agree(DUnreadCount, ZUnreadCount, [{ unread: 0 }, { unread: 7 }]);
  });
});
