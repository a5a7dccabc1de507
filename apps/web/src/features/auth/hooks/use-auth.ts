import type { TSessionUser } from '@encore/contract';
import { createContext, useContext } from 'react';

export interface AuthState {
  /** The signed-in user; null when signed out or while the session is still loading. */
  user: TSessionUser | null;
  /** `pending` until the session has been read once; `error` when it could not be read at all. */
  status: 'pending' | 'error' | 'success';
  retry: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

/** Spec section 8 ("Other"): the accessor fails loudly outside its provider. */
export const USE_AUTH_OUTSIDE_PROVIDER = 'useAuth must be used within AuthProvider';

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error(USE_AUTH_OUTSIDE_PROVIDER);
  return state;
}
