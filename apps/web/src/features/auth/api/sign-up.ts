import { DAuthResponse, SIGN_UP_TIMEOUT_MS, type TSignUpRequest } from '@encore/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { checkUsernameExists } from './check-username';
import { sessionQueryKey } from './get-session';

export function signUp(body: TSignUpRequest) {
  return apiRequest('/api/account/sign-up', {
    method: 'POST',
    body,
    schema: DAuthResponse,
    timeoutMs: SIGN_UP_TIMEOUT_MS,
  });
}

export type SignUpOutcome =
  | { kind: 'username-taken' }
  | { kind: 'created'; user: Awaited<ReturnType<typeof signUp>>['user'] };

/**
 * Spec order: ask whether the username exists, then create the account. The new user goes
 * straight into the session cache: the server has already signed them in.
 */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TSignUpRequest): Promise<SignUpOutcome> => {
      if (await checkUsernameExists(body.username)) return { kind: 'username-taken' };
      const { user } = await signUp(body);
      return { kind: 'created', user };
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'created')
        queryClient.setQueryData(sessionQueryKey, { user: outcome.user });
    },
  });
}
