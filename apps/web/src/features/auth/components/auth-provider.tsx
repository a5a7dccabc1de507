import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { sessionQueryOptions } from '../api/get-session';
import { AuthContext, type AuthState } from '../hooks/use-auth';

/** Reads the session once at start-up and shares it; guards and the header read it via useAuth. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQueryOptions());
  const { refetch } = session;
  const user = session.data?.user ?? null;
  // Once a session was read, a failed background refetch keeps the known user rather than
  // flipping the app into an error state.
  const status: AuthState['status'] = session.data ? 'success' : session.status;

  const value = useMemo<AuthState>(
    () => ({ user, status, retry: () => void refetch() }),
    [user, status, refetch],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
