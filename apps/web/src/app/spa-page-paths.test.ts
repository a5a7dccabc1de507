import { SPA_PAGE_PATHS } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { ROUTE_TABLE } from './route-table';

/** Every `path` declared in config/paths.ts, at any depth. */
function declaredPaths(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'path' in node && typeof node.path === 'string' ? [node.path] : [];
  return [...own, ...Object.values(node).flatMap(declaredPaths)];
}

describe("the server's list of the app's pages", () => {
  it('names every row of the route table but the catch-all, and nothing else', () => {
    const pages = ROUTE_TABLE.map((row) => row.path).filter((path) => path !== '*');
    expect([...SPA_PAGE_PATHS].sort()).toEqual(pages.sort());
  });
});

describe("the route table's URLs", () => {
  it('are each declared once in config/paths.ts, which links and redirects use', () => {
    const declared = new Set(declaredPaths(paths));
    const pages = ROUTE_TABLE.map((row) => row.path).filter((path) => path !== '*');
    expect(pages.filter((path) => !declared.has(path))).toEqual([]);
  });
});
