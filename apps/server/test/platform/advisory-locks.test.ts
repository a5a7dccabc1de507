import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as locks from '../../src/db/advisory-locks.ts';
import { FAN_DELETION_LOCK } from '../../src/db/advisory-locks.ts';
import { SRC, sourceFiles } from '../support/source-files.ts';

const MIGRATION_0013 = join(SRC, 'db/migrations/0013_alert_outbox_without_foreign_keys.sql');
const MIGRATION_0042 = join(SRC, 'db/migrations/0042_show_faces_locked.sql');
const MIGRATION_0048 = join(SRC, 'db/migrations/0048_show_faces_going_shown.sql');
const MIGRATION_0061 = join(SRC, 'db/migrations/0061_write_path_notices_and_faces.sql');

describe('advisory-lock keys', () => {
  it("migration 0013's deletion trigger takes the same key as the delivery writers", () => {
    // Applied migrations stay as written, so the key is repeated there as a literal.
    const migration = readFileSync(MIGRATION_0013, 'utf8');
    const keys = [...migration.matchAll(/pg_advisory_xact_lock\((\d+),\s*(\d+)\)/g)];
    expect(
      keys.map(([, classId, objId]) => ({ classId: Number(classId), objId: Number(objId) })),
    ).toEqual([{ ...FAN_DELETION_LOCK }]);
  });

  it("migration 0042's faces rebuild takes its key class from SHOW_FACES_LOCK_CLASS", () => {
    const migration = readFileSync(MIGRATION_0042, 'utf8');
    const classes = [...migration.matchAll(/pg_advisory_xact_lock\((\d+),/g)].map(([, c]) =>
      Number(c),
    );
    expect(classes).toEqual([locks.SHOW_FACES_LOCK_CLASS]);
  });

  it("migration 0048's triggers take their per-fan key class from SHOW_FACES_FAN_LOCK_CLASS", () => {
    const migration = readFileSync(MIGRATION_0048, 'utf8');
    const classes = [...migration.matchAll(/pg_advisory_xact_lock\((\d+),/g)].map(([, c]) =>
      Number(c),
    );
    expect(classes).toEqual([locks.SHOW_FACES_FAN_LOCK_CLASS]);
  });

  it("migration 0061's faces functions take their key classes from db/advisory-locks.ts", () => {
    const migration = readFileSync(MIGRATION_0061, 'utf8');
    const classes = [...migration.matchAll(/pg_advisory_xact_lock\((\d+),/g)].map(([, c]) =>
      Number(c),
    );
    expect(classes).toEqual([locks.SHOW_FACES_FAN_LOCK_CLASS, locks.SHOW_FACES_LOCK_CLASS]);
  });

  it('no two purposes share a key', () => {
    const values = Object.values(locks).map((key) =>
      typeof key === 'number' ? `single ${key}` : `pair ${key.classId},${key.objId}`,
    );
    expect(new Set(values).size).toBe(values.length);
    // Per-event keys are (class, hash): the class must not be one a fixed pair uses.
    for (const perKeyClass of [
      locks.MATCH_EVENT_LOCK_CLASS,
      locks.SHOW_FACES_LOCK_CLASS,
      locks.SHOW_FACES_FAN_LOCK_CLASS,
      locks.VENUE_NIGHT_LOCK_CLASS,
    ]) {
      expect([locks.FAN_DELETION_LOCK.classId, locks.BIG_MATCH_LOCK.classId]).not.toContain(
        perKeyClass,
      );
    }
  });

  it('every advisory lock in the server code takes its key from db/advisory-locks.ts', () => {
    const literalKey = /advisory_[a-z_]*\(\s*\d/;
    const literalNumbers = Object.values(locks)
      .flatMap((key) => (typeof key === 'number' ? [key] : [key.classId]))
      .flatMap((n) => [String(n), `0x${n.toString(16)}`]);
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.endsWith(join('db', 'advisory-locks.ts')))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        const digits = text.replaceAll('_', '').toLowerCase(); // 7_240_316_001 is 7240316001
        return literalKey.test(text) || literalNumbers.some((n) => digits.includes(n));
      });
    expect(offenders).toEqual([]);
  });
});
