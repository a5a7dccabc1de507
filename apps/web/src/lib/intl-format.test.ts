import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat, relativeTimeFormat } from './intl-format';

describe('intl-format', () => {
  it('builds each formatter once and formats in English (US)', () => {
    const first = dateTimeFormat({ month: 'short', timeZone: 'UTC' });
    expect(dateTimeFormat({ month: 'short', timeZone: 'UTC' })).toBe(first);
    expect(dateTimeFormat({ month: 'long', timeZone: 'UTC' })).not.toBe(first);
    expect(first.format(new Date(Date.UTC(2026, 11, 12)))).toBe('Dec');
    expect(numberFormat().format(12400)).toBe('12,400');
    expect(numberFormat({ style: 'currency', currency: 'USD' }).format(12.5)).toBe('$12.50');
    expect(relativeTimeFormat({ numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });

  // A formatter built at a module's top level costs every page that bundles the module at
  // start-up (Lighthouse on a phone, docs/performance.md); one built per call costs every item.
  it('is the only place that builds an Intl formatter', () => {
    const src = join(import.meta.dirname, '..');
    const builders = sourceFiles(src)
      .filter((file) => !file.endsWith('intl-format.ts'))
      .filter((file) => /new Intl\.\w+/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(builders).toEqual([]);
  });
});

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
