import { useMatches } from 'react-router';
import type { AreaPage } from './area-pages';

/** Route `handle` of a signed-in page: the row of AREA_PAGES it was built from. */
export interface AreaHandle {
  area: AreaPage;
}

function isAreaHandle(handle: unknown): handle is AreaHandle {
  return typeof handle === 'object' && handle !== null && 'area' in handle;
}

/** The AREA_PAGES row of the page being shown; the guard and the layout both read it. */
export function useAreaPage(): AreaPage {
  const match = useMatches().findLast((m) => isAreaHandle(m.handle));
  if (!match || !isAreaHandle(match.handle)) {
    throw new Error('useAreaPage used outside a signed-in page route');
  }
  return match.handle.area;
}
