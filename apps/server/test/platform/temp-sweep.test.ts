import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDirsMade, sweepStaleTempDirs } from '../support/paths.ts';

describe('the tests’ .tmp folder', () => {
  it('loses the folders of processes that are gone and keeps those of running ones', () => {
    const mine = makeTempDir('temp-sweep');
    // A process that has ended: its pid is free (reused only after the kernel wraps around).
    const ended = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    const stale = join(dirname(mine), `vitest-pg-${ended}-0123abcd`);
    mkdirSync(join(stale, 'postgres'), { recursive: true });
    writeFileSync(join(stale, 'postgres', 'PG_VERSION'), '17\n');
    const foreign = join(dirname(mine), 'not-made-by-makeTempDir');
    mkdirSync(foreign, { recursive: true });

    expect(sweepStaleTempDirs()).toBeGreaterThanOrEqual(1);

    expect(existsSync(stale)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
    for (const dir of [mine, foreign]) rmSync(dir, { recursive: true, force: true });
  });

  it('loses the folders this process made when a file ends, and nothing else', () => {
    const made = [makeTempDir('temp-made'), makeTempDir('temp-made')];
    const foreign = join(dirname(made[0] as string), `not-made-here-${process.pid}`);
    mkdirSync(foreign, { recursive: true });

    removeTempDirsMade();

    for (const dir of made) expect(existsSync(dir)).toBe(false);
    expect(existsSync(foreign)).toBe(true);
    rmSync(foreign, { recursive: true, force: true });
  });
});
