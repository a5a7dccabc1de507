import { SETTINGS_MESSAGES as M } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';

export function deleteAccount() {
  return apiRequest('/api/account', { method: 'DELETE' });
}

/**
 * Deletes the account, says so, goes to /landing, then forgets everything this browser kept about
 * the user: the query cache (the session too) and both web storages. Leaving the settings page
 * first keeps its queries from refetching for a user who no longer exists. The toast is said here,
 * not in the dialog's own `mutate` callback: leaving the page unmounts the dialog, and a callback
 * of an unmounted observer may be skipped.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      toast.success(M.accountDeletedTitle, { description: M.accountDeletedDescription });
      await navigate(paths.landing.href(), { replace: true });
      queryClient.clear();
      window.localStorage.clear();
      window.sessionStorage.clear();
    },
  });
}
