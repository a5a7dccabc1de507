import { DFinishSetup, type TFinishSetup } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fanKeys } from '@/api/fan';
import { apiRequest } from '@/lib/api-client';

/** POST /api/fan/finish-setup/dismiss: the card goes for good. */
export function dismissFinishSetup() {
  return apiRequest('/api/fan/finish-setup/dismiss', { method: 'POST', schema: DFinishSetup });
}

/** Hides the card at once; should the request fail, the card comes back. */
export function useDismissFinishSetup() {
  const queryClient = useQueryClient();
  const key = fanKeys.finishSetup;
  return useMutation({
    mutationFn: dismissFinishSetup,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TFinishSetup>(key);
      queryClient.setQueryData<TFinishSetup>(key, { visible: false, verifyPhone: false });
      return { before };
    },
    onError: (_error, _variables, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (result) => queryClient.setQueryData(key, result),
  });
}
