import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, sourceFiles } from '../support/source-files.ts';

/**
 * The server's layers, read from the source (ARCHITECTURE.md, routes/README.md): a route parses,
 * calls a service and replies; a service holds the rules and authorisation; a repository holds
 * the SQL; domain/ and lib/ hold what is neither (rules and calculations, technical helpers).
 * Each rule below is one a change could break without any other test noticing.
 */

/** The src/ folder (first segment) of every relative import of a file, type imports included. */
function importedFolders(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map(
    ([, specifier]) => specifier ?? '',
  );
  return specifiers.map((specifier) => {
    const target = relative(SRC, resolve(dirname(file), specifier));
    return target.includes(sep) ? (target.split(sep)[0] ?? '') : '.';
  });
}

const inFolder = (folder: string) =>
  existsSync(join(SRC, folder)) ? sourceFiles(join(SRC, folder)) : [];
const name = (file: string) => relative(SRC, file).split(sep).join('/');

/** `file imports folder/` for every import of `files` into one of `forbidden`. */
function breaches(files: string[], forbidden: string[]): string[] {
  return files.flatMap((file) =>
    importedFolders(file)
      .filter((folder) => forbidden.includes(folder))
      .map((folder) => `${name(file)} imports ${folder}/`),
  );
}

describe('server layers', () => {
  it('a route module reaches rules, data and the alert engine only through a service', () => {
    const routeModules = inFolder('routes').filter((file) => file.endsWith('.routes.ts'));
    const behindServices = ['repositories', 'db', 'alerts', 'adapters', 'domain', 'lib'];
    expect(breaches(routeModules, behindServices)).toEqual([]);
  });

  it('services/ holds only services (*.service.ts)', () => {
    const others = inFolder('services').filter((file) => !file.endsWith('.service.ts'));
    expect(others.map(name)).toEqual([]);
  });

  it('a repository depends on no service, route or the alert engine (alerts/ calls them)', () => {
    expect(breaches(inFolder('repositories'), ['services', 'routes', 'alerts'])).toEqual([]);
  });

  it("the alert engine's SQL lives in repositories/alerts/, not in alerts/", () => {
    // Building or running a statement needs drizzle or an execute(); pg-listener.ts's LISTEN on
    // its own connection is the connection's protocol, not a query.
    const withSql = inFolder('alerts').filter((file) => {
      const text = readFileSync(file, 'utf8');
      return /from 'drizzle-orm'/.test(text) || /\.execute\s*[<(]/.test(text);
    });
    expect(withSql.map(name)).toEqual([]);
  });

  it('domain/ and lib/ depend on no service, route or wiring', () => {
    const helpers = [...inFolder('domain'), ...inFolder('lib')];
    expect(helpers.length).toBeGreaterThan(0);
    expect(breaches(helpers, ['services', 'routes'])).toEqual([]);
    expect(breaches(inFolder('lib'), ['repositories', 'db', 'alerts', 'domain'])).toEqual([]);
  });
});
