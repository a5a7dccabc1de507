/**
 * One chunk for the signed-in frame and the fan dashboard (Lighthouse on a phone).
 *
 * Left to itself, Rolldown splits every module that two lazy pages share into its own chunk: the
 * frame and the dashboard came as ~60 chunks of 1–3 KB (icons, small UI pieces, query options),
 * which a phone on slow 4G over HTTP/1.1 (6 connections, 150 ms a round trip) fetches in ~10
 * round trips before the welcome heading can paint. This group puts every module the frame and
 * the dashboard import statically into one chunk — except what the first pages (splash, landing,
 * sign-up, login) also load: those stay where they are, so the first pages' download
 * (`npm run check:bundle`) does not grow.
 */
import { dirname, resolve } from 'node:path';
import type { CodeSplittingGroup, ModuleInfo } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The lazy screens of the first pages (scripts/check-bundle-size.mjs's FIRST_PAGES): the two a
 * visitor opens before choosing a role, and the two forms.
 */
const SPLASH_AND_LANDING = [
  'src/features/onboarding/routes/splash.tsx',
  'src/app/routes/landing.tsx',
];
const AUTH_FORMS = [
  'src/features/auth/routes/create-account.tsx',
  'src/features/auth/routes/login.tsx',
];

/**
 * The signed-in frame and the fan's first page (route-table.tsx's `/dashboard` row): zod-free, so
 * their chunks carry no zod nor the contract's schemas (on a slow phone; the other pages bring them).
 */
const SIGNED_IN_ROOTS = [
  'src/app/layouts/app-layout.tsx',
  'src/app/routes/fan-dashboard-screen.tsx',
];

/**
 * The fan's other show pages (Your Alerts, Shows Attending, Shows Attended): a chunk of their own,
 * and what they share with the public pages (zod, the contract's schemas, show cards) another, as
 * the frame had before it went without zod; left to Rolldown they came as many small chunks.
 */
const FAN_PAGES_ROOTS = ['src/app/routes/fan-shows-pages.tsx'];

/**
 * The public frame and its pages (shows, artists, venues: opened signed out, from a search or a
 * shared link). What they share with the signed-in frame (zod and the contract's schemas, show
 * cards, UI pieces) gets a chunk of its own, so they do not download the signed-in frame.
 */
const PUBLIC_ROOTS = ['src/app/layouts/public-layout.tsx', 'src/app/routes/public-screens.tsx'];

/**
 * The groups' chunk names: the frame's own, what it shares with the public pages, and what it
 * shares with the sign-up and login forms (scripts/check-bundle-size.mjs follows the same three).
 */
export const SIGNED_IN_CHUNKS = ['signed-in', 'signed-in-shared', 'auth-forms-shared'] as const;
const [FRAME_CHUNK, SHARED_CHUNK, AUTH_FORMS_CHUNK] = SIGNED_IN_CHUNKS;
/** The fan's other show pages' chunks: their own, and what they share with the public pages. */
export const FAN_PAGES_CHUNKS = ['fan-pages', 'fan-pages-shared'] as const;
const [FAN_PAGES_CHUNK, FAN_PAGES_SHARED_CHUNK] = FAN_PAGES_CHUNKS;

type ModuleLookup = (id: string) => ModuleInfo | null;

/**
 * Barrels the app imports by name: following every module they re-export would count all of
 * lucide-react's ~1,600 icons, every contract module (and zod with them) or every Radix primitive
 * as used by any page that names one. The walk follows only the modules that export the names a module imports. (The
 * contract barrel's own `import './zod-config.ts'` is dropped by the bundler with the side-effect
 * free barrel; z.ts imports the config where zod is used: decision 023.)
 */
const BARRELS = [
  { specifier: 'lucide-react', id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { specifier: '@encore/contract', id: /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/ },
  { specifier: 'radix-ui', id: /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.mjs$/ },
];
const NAMESPACE_IMPORT = /import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g;
const EXPORT_FROM = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;

const exportedName = (spec: string) =>
  spec
    .trim()
    .split(/\s+as\s+/)
    .pop()
    ?.trim() ?? '';
const importedName = (spec: string) =>
  spec
    .trim()
    .split(/\s+as\s+/)[0]
    ?.trim() ?? '';

/**
 * The modules of `barrel` that `importer` takes names from, or null when `importer`'s code does not say: then the walk takes them all.
 */
function barrelModulesUsed(
  importer: ModuleInfo,
  barrel: ModuleInfo,
  specifier: string,
  info: ModuleLookup,
): string[] | null {
  const escaped = specifier.replace(/[/.]/g, '\\$&');
  const imports = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']${escaped}["']`, 'g');
  const names = [...(importer.code ?? '').matchAll(imports)].flatMap(([, list = '']) =>
    list
      .split(',')
      .map(importedName)
      .filter((name) => name && !name.startsWith('type ')),
  );
  if (names.length === 0) return null;
  // `export { default as House, … } from './icons/house.mjs'` (lucide) …
  const reExported = new Map<string, string>();
  for (const [, list = '', from = ''] of (barrel.code ?? '').matchAll(EXPORT_FROM)) {
    const id = resolve(dirname(barrel.id), from);
    for (const spec of list.split(',')) reExported.set(exportedName(spec), id);
  }
  // … or `import * as Dialog from "@radix-ui/react-dialog"`, exported as `Dialog` (radix-ui) …
  for (const [, name = '', from = ''] of (barrel.code ?? '').matchAll(NAMESPACE_IMPORT)) {
    const id = barrel.importedIds.find((imported) => imported.includes(`/node_modules/${from}/`));
    if (id) reExported.set(name, id);
  }
  // … or `export * from './shows.ts'` (the contract): the imported module that exports the name.
  const modules = barrel.importedIds.map((id) => info(id)).filter((m) => m !== null);
  const used = new Set<string>();
  for (const name of names) {
    const id = reExported.get(name) ?? modules.find((m) => m.exports.includes(name))?.id;
    if (!id) return null;
    used.add(id);
  }
  return [...used];
}

/**
 * `roots` and everything they import statically, transitively (not what they lazy-load); from a
 * barrel, only the modules of the names imported.
 */
function staticallyReached(roots: Iterable<string>, info: ModuleLookup): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const module = info(id);
    for (const imported of module?.importedIds ?? []) {
      const kind = BARRELS.find((b) => b.id.test(imported));
      const barrel = kind ? info(imported) : null;
      const used =
        module && barrel && kind && barrelModulesUsed(module, barrel, kind.specifier, info);
      if (used) {
        seen.add(imported);
        for (const usedId of used) visit(usedId);
      } else visit(imported);
    }
  };
  for (const id of roots) visit(id);
  return seen;
}

const endsWithAny = (id: string, suffixes: readonly string[]) =>
  suffixes.some((suffix) => id.endsWith(`/${suffix}`));

/**
 * The group for `build.rolldownOptions.output.codeSplitting.groups`. `allIds` is read once per
 * build (the plugin below records the graph's module ids) to find the roots by path.
 */
export function signedInChunkGroup(): { group: CodeSplittingGroup; plugin: Plugin } {
  let moduleIds: string[] = [];
  let members: Map<string, string> | undefined;
  const membersOf = (info: ModuleLookup) => {
    const find = (suffixes: readonly string[]) => {
      const found = moduleIds.filter((id) => endsWithAny(id, suffixes));
      if (found.length !== suffixes.length) {
        throw new Error(`signed-in chunk: found ${found.join(', ')} for ${suffixes.join(', ')}`);
      }
      return found;
    };
    const entries = moduleIds.filter((id) => info(id)?.isEntry);
    const beforeRole = staticallyReached([...entries, ...find(SPLASH_AND_LANDING)], info);
    const authForms = staticallyReached(find(AUTH_FORMS), info);
    const publicPages = staticallyReached(find(PUBLIC_ROOTS), info);
    const signedIn = staticallyReached(find(SIGNED_IN_ROOTS), info);
    const fanPages = staticallyReached(find(FAN_PAGES_ROOTS), info);
    const chunks = new Map<string, string>();
    for (const id of signedIn) {
      if (beforeRole.has(id)) continue;
      if (authForms.has(id)) chunks.set(id, AUTH_FORMS_CHUNK);
      else chunks.set(id, publicPages.has(id) ? SHARED_CHUNK : FRAME_CHUNK);
    }
    for (const id of fanPages) {
      if (beforeRole.has(id) || chunks.has(id)) continue;
      // What they share with the forms (inputs, labels) stays with the forms' shared chunk, as
      // when the frame carried the calendar feed card: the forms' downloads do not change.
      if (authForms.has(id)) chunks.set(id, AUTH_FORMS_CHUNK);
      else chunks.set(id, publicPages.has(id) ? FAN_PAGES_SHARED_CHUNK : FAN_PAGES_CHUNK);
    }
    return chunks;
  };
  return {
    plugin: {
      name: 'encore:signed-in-chunk',
      // A new build (watch mode) starts over.
      buildStart() {
        moduleIds = [];
        members = undefined;
      },
      moduleParsed(info) {
        moduleIds.push(info.id);
      },
    },
    group: {
      // `name` is a function (one group, five chunks): Rolldown's timing report needs a label.
      debugName: 'encore-chunk-groups',
      name: (id, ctx) => {
        members ??= membersOf((moduleId) => ctx.getModuleInfo(moduleId));
        return members.get(id) ?? null;
      },
      // Its members' imports that the first pages load stay in the first pages' chunks.
      includeDependenciesRecursively: false,
    },
  };
}
