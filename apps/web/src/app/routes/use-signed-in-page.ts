import { useMatches } from 'react-router';
import type { SignedInPage } from '../route-table';

/** Route `handle` of a signed-in page: its row of the route table. */
export interface SignedInHandle {
  page: SignedInPage;
}

function isSignedInHandle(handle: unknown): handle is SignedInHandle {
  return typeof handle === 'object' && handle !== null && 'page' in handle;
}

/** The route-table row of the signed-in page being shown; the guard and the frame both read it. */
export function useSignedInPage(): SignedInPage {
  const match = useMatches().findLast((m) => isSignedInHandle(m.handle));
  if (!match || !isSignedInHandle(match.handle)) {
    throw new Error('useSignedInPage used outside a signed-in page route');
  }
  return match.handle.page;
}
