import { SPA_PAGE_PATHS } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from './route-table';

describe("the server's list of the app's pages", () => {
  it('names every row of the route table but the catch-all, and nothing else', () => {
    const pages = ROUTE_TABLE.map((row) => row.path).filter((path) => path !== '*');
    expect([...SPA_PAGE_PATHS].sort()).toEqual(pages.sort());
  });
});
