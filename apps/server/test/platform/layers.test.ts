import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
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

/** A package that builds or runs SQL: drizzle-orm (and its subpaths), pg and its relatives. */
const SQL_PACKAGE = /^(?:drizzle-orm|pg|pg-[\w-]+|postgres)(?:\/|$)/;

/** What in `file` builds or runs a statement: its SQL packages' imports, sql templates, execute(). */
function sqlUses(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const packages = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)]
    .map(([, specifier]) => specifier ?? '')
    .filter((specifier) => SQL_PACKAGE.test(specifier))
    .map((specifier) => `imports '${specifier}'`);
  const templates = /\bsql(?:\.\w+)?`/.test(text) ? ['an sql`…` template'] : [];
  const executes = /\.execute\s*[<(]/.test(text) ? ['an execute()'] : [];
  return [...packages, ...templates, ...executes];
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

  it('SQL lives in repositories/ (and db/, the connections and the schema), nowhere else', () => {
    // Building or running a statement needs drizzle-orm (its `sql` template, its query builder,
    // a client of its own over a pg connection), pg itself, or an execute(). The engine's own
    // session (db/client.ts ownSession) and the LISTEN connection (db/pg-listener.ts) live in
    // db/ for that reason. No file outside is allowed any of it: a module that needs a statement
    // calls a repository function, and a connection of its own comes from db/.
    const elsewhere = sourceFiles(SRC).filter(
      (file) => !['repositories', 'db'].includes(name(file).split('/')[0] ?? ''),
    );
    expect(elsewhere.length).toBeGreaterThan(0);
    const withSql = elsewhere.flatMap((file) =>
      sqlUses(file).map((use) => `${name(file)}: ${use}`),
    );
    expect(withSql).toEqual([]);
  });

  it('repositories/ holds only repositories (*.repo.ts)', () => {
    // index.ts or types.ts would be a folder's own entry point or shared types, which a folder
    // may have (none does today); every other file holds statements and says so by its name.
    const allowed = ['index.ts', 'types.ts'];
    const others = inFolder('repositories').filter(
      (file) => !file.endsWith('.repo.ts') && !allowed.includes(basename(file)),
    );
    expect(others.map(name)).toEqual([]);
  });

  it('domain/ and lib/ depend on no service, route or wiring', () => {
    const helpers = [...inFolder('domain'), ...inFolder('lib')];
    expect(helpers.length).toBeGreaterThan(0);
    expect(breaches(helpers, ['services', 'routes'])).toEqual([]);
    expect(breaches(inFolder('lib'), ['repositories', 'db', 'alerts', 'domain'])).toEqual([]);
  });
});
