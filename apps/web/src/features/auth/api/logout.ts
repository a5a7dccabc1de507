import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

export function logout() {
  return apiRequest('/api/account/logout', { method: 'POST' });
}

/**
 * Signs out on the server, forgets everything cached for this user and goes to /landing (spec).
 * The session entry is set to "signed out" rather than removed, so nothing refetches it; the
 * page guard sees the sign-out too and also sends the user to /landing.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      const sessionHash = hashKey(sessionQueryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
      queryClient.setQueryData(sessionQueryKey, { user: null });
      await navigate(paths.landing.href(), { replace: true });
    },
  });
}
