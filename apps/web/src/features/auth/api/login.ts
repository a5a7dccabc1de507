import { DAuthResponse, LOGIN_TIMEOUT_MS, type TLoginRequest } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

export function login(body: TLoginRequest) {
  return apiRequest('/api/account/login', {
    method: 'POST',
    body,
    schema: DAuthResponse,
    timeoutMs: LOGIN_TIMEOUT_MS,
  });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryKey, { user }),
  });
}
