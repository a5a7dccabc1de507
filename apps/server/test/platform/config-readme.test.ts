import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../src/config.ts';
import { envDefault } from '../../src/env-settings.ts';

/**
 * README.md's configuration table is what an operator reads: it must list exactly the variables
 * config.ts declares, with the same defaults. A row may document several variables
 * (`A` / `B`, defaults `1` / `2`).
 */
const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');

/** The first table after "## Configuration": variable → its default cell, as written. */
function configurationTable(): Map<string, string> {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^#{2,3} /m)[0] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // header and separator
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const table = new Map<string, string>();
  for (const [, names = '', defaults = ''] of rows) {
    const variables = names.split(' / ');
    const cells = defaults.split(' / ');
    variables.forEach((name, i) => {
      table.set(
        name.replaceAll('`', ''),
        variables.length === cells.length ? (cells[i] ?? '') : defaults,
      );
    });
  }
  return table;
}

const table = configurationTable();

describe("README.md's configuration table", () => {
  it('lists exactly the variables config.ts declares', () => {
    expect([...table.keys()].sort()).toEqual(ENV_VARIABLES.map((v) => v.variable).sort());
  });

  it.each(
    ENV_VARIABLES.map((v) => [v.variable, envDefault(v.schema)] as const).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  )('states the default of %s', (variable, value) => {
    const cell = table.get(variable) ?? '';
    // A long list is described in words in its row; each of its items is still named there.
    if (!cell.startsWith('`')) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${variable}\``)) ?? '';
      for (const item of String(value).split(',')) expect(row).toContain(`\`${item}\``);
      return;
    }
    expect(cell).toBe(`\`${value}\``);
  });
});
