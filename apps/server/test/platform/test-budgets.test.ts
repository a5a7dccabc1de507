import { readFileSync } from 'node:fs';
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
    const { factor, calibrationMs, cores } = measureBudgetFactor();
    expect(factor).toBeGreaterThanOrEqual(1);
    expect(factor).toBeLessThanOrEqual(8);
    expect(calibrationMs).toBeGreaterThan(0);
    expect(cores).toBeGreaterThan(0);
  });

  it('leaves no literal bound in a server test or a journey: each goes through budget()', () => {
    const files = TEST_DIRS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);
    const literal = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          LITERAL_BOUND.some((pattern) => pattern.test(line)) && !line.includes('budget(')
            ? [`${relative(REPO, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(literal).toEqual([]);
  });
});
