import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { npmStartNodeFlags } from '../../bench/api-processes.ts';

/** The benches start Encore as `npm start` does, its Node flags included (decision 062). */
describe("the benches' Encore runs with npm start's Node flags", () => {
  it("reads the flags between node and scripts/start.mjs in the root package.json's start", () => {
    const root = readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8');
    expect(npmStartNodeFlags(root)).toEqual(['--max-semi-space-size=32']);
    const start = (script: string) => JSON.stringify({ scripts: { start: script } });
    expect(npmStartNodeFlags(start('exec node scripts/start.mjs'))).toEqual([]);
    expect(npmStartNodeFlags(start('exec node --a=1 --b scripts/start.mjs'))).toEqual([
      '--a=1',
      '--b',
    ]);
  });

  it('refuses a start script it cannot read, rather than benching another start', () => {
    const start = JSON.stringify({ scripts: { start: 'exec tsx apps/server/src/main.ts' } });
    expect(() => npmStartNodeFlags(start)).toThrow('npm start is not');
  });
});
