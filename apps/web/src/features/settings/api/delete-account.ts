import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

export function deleteAccount() {
  return apiRequest('/api/account', { method: 'DELETE' });
}

/**
 * Deletes the account, goes to /landing, then forgets everything this browser kept about the
 * user: the query cache (the session too) and both web storages. Leaving the settings page first
 * keeps its queries from refetching for a user who no longer exists.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      await navigate(paths.landing.href(), { replace: true });
      queryClient.clear();
      window.localStorage.clear();
      window.sessionStorage.clear();
    },
  });
}
