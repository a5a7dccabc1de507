import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUDGET_ENV, budgetFactor, measureBudgetFactor } from '../../../../scripts/test-budget.ts';
import { sourceFiles } from '../support/source-files.ts';

const REPO = fileURLToPath(new URL('../../../..', import.meta.url));
const TEST_DIRS = ['apps/server/test', 'e2e'].map((dir) => `${REPO}${dir}`);
const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * A literal bound of a second or more on a test, hook or wait that skips budget(). (A number
 * passed to `eventually` or a stream's `next` is fine: those helpers scale it themselves.)
 */
const LITERAL_BOUND = [
  /^\s*\}\)?, \d[\d_]{3,}\);\s*$/, // it('…', fn, 60_000) / beforeAll(fn, 60_000)
  /\btimeout: \d[\d_]{3,}\b/, // { timeout: 10_000 } for a test, an expect or a poll
];

describe('test budgets (scripts/test-budget.ts)', () => {
  it('takes the factor a person or the first config set, and measures one otherwise', () => {
    expect(budgetFactor({ [BUDGET_ENV]: '3.5' })).toBe(3.5);
    const env: NodeJS.ProcessEnv = { [BUDGET_ENV]: 'fast' };
    const measured = budgetFactor(env);
    expect(measured).toBeGreaterThanOrEqual(1);
    expect(measured).toBeLessThanOrEqual(8);
    expect(env[BUDGET_ENV]).toBe(String(measured)); // handed on to the workers
  });

  it('measures a slowdown of at least 1 and at most 8', () => {
    const { factor, calibrationMs, running, cores } = measureBudgetFactor();
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(factor).toBeLessThanOrEqual(8);
    expect(calibrationMs).toBeGreaterThan(0);
    expect(running).toBeGreaterThanOrEqual(0);
    expect(cores).toBeGreaterThan(0);
  });

  it('counts work that started too recently for the load average (busy processes just begun)', async () => {
    const cores = availableParallelism();
    const busy = 2 * cores + 2;
    const children = Array.from({ length: busy }, () =>
      spawn(process.execPath, ['-e', 'console.log("busy"); for (;;) {}'], { stdio: 'pipe' }),
    );
    try {
      // Each says so once its loop is about to start (no sleeping on a guess).
      await Promise.all(children.map((child) => once(child.stdout, 'data')));
      const { running, factor } = measureBudgetFactor();
      expect(running).toBeGreaterThanOrEqual(busy - 1);
      expect(factor).toBeGreaterThanOrEqual(Math.min(8, (busy - 1) / cores));
    } finally {
      for (const child of children) child.kill('SIGKILL');
    }
  });

  it('leaves no literal bound in a server test or a journey: each goes through budget()', () => {
    const files = TEST_DIRS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);
    const literal = files.flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, index) =>
        LITERAL_BOUND.some((pattern) => pattern.test(line)) &&
        !line.includes('budget(') &&
        !closesSelfScalingWait(lines, index)
          ? [`${relative(REPO, file)}:${index + 1}: ${line.trim()}`]
          : [],
      );
    });
    expect(literal).toEqual([]);
  });

  it('scales no eventually or stream next bound twice (they scale their own)', () => {
    const files = TEST_DIRS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);
    const twice = files.flatMap((file) => {
      const lines = readFileSync(file, 'utf8').split('\n');
      return lines.flatMap((line, index) =>
        /^\s*\}\)?, budget\(/.test(line) && closesSelfScalingWait(lines, index)
          ? [`${relative(REPO, file)}:${index + 1}: ${line.trim()}`]
          : [],
      );
    });
    expect(twice).toEqual([]);
  });

  it('lets a bound close an eventually or a stream next, which scale it (and only those)', () => {
    const lines = ['  await eventually(async () => {', '    return done;', '  }, 15_000);'];
    expect(closesSelfScalingWait(lines, 2)).toBe(true);
    const test = ["  it('waits', async () => {", '    await go();', '  }, 15_000);'];
    expect(closesSelfScalingWait(test, 2)).toBe(false);
  });
});

/**
 * Whether line `index` (`}, 15_000);`) ends a call to `eventually` or a stream's `next`: the
 * line that opened the call, the last one above at the same indentation, names it. Wrapping
 * those bounds in budget() would scale them twice.
 */
function closesSelfScalingWait(lines: readonly string[], index: number): boolean {
  const indent = (line: string) => line.length - line.trimStart().length;
  const own = indent(lines[index] ?? '');
  for (let i = index - 1; i >= 0; i -= 1) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || indent(line) !== own) continue;
    return /\beventually\(|\.next\(/.test(line);
  }
  return false;
}
