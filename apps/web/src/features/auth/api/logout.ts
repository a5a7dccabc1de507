import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

export function logout() {
  return apiRequest('/api/account/logout', { method: 'POST' });
}

/**
 * Signs out on the server, goes to /landing (spec), then forgets everything cached for this user.
 * The order matters: leaving the guarded page first stops its guard from redirecting elsewhere
 * (a setup screen would send a signed-out user to /auth). The session entry is set to "signed
 * out" rather than removed, so nothing refetches it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await navigate(paths.landing.href(), { replace: true });
      const sessionHash = hashKey(sessionQueryKey);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
      queryClient.setQueryData(sessionQueryKey, { user: null });
    },
  });
}
