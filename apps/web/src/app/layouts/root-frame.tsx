import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Around every page. A single-page app keeps the window's scroll between pages, so without this a
 * page opens where the last one was left (648 px down Discovery after 'Search Library'). React
 * Router's ScrollRestoration puts a new page at its top (or at its #hash) and gives back/forward
 * the position the page had.
 */
export function RootFrame() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
