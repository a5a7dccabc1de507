import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../support/source-files.ts';

const ALERTS = join(SRC, 'alerts');
const REPOSITORIES = join(SRC, 'repositories');

/** The files a module imports by relative path, resolved. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/\bfrom\s+'(\.{1,2}\/[^']+)'|\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g),
  ].map(([, from, dynamic]) => resolve(dirname(file), from ?? dynamic ?? ''));
}

describe('server layers', () => {
  it('repositories never depend on the alert engine (alerts/ calls them, not the reverse)', () => {
    const offenders = sourceFiles(REPOSITORIES).flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith(`${ALERTS}/`))
        .map((target) => `${relative(SRC, file)} → ${relative(SRC, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the alert engine's SQL lives in repositories/alerts/, not in alerts/", () => {
    // Building or running a statement here needs drizzle's sql tag or an execute();
    // pg-listener.ts's LISTEN on its own connection is the connection's protocol, not a query.
    const offenders = sourceFiles(ALERTS)
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return /from 'drizzle-orm'/.test(text) || /\.execute\s*[<(]/.test(text);
      })
      .map((file) => relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
