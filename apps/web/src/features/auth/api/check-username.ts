import { DUsernameExistsResponse, USERNAME_CHECK_TIMEOUT_MS } from '@encore/contract';
import { apiRequest } from '@/lib/api-client';

/** The spec's username_exists, asked right before sign-up (10 s client timeout). */
export async function checkUsernameExists(username: string): Promise<boolean> {
  const { exists } = await apiRequest('/api/account/username-exists', {
    query: { username_to_check: username },
    schema: DUsernameExistsResponse,
    timeoutMs: USERNAME_CHECK_TIMEOUT_MS,
  });
  return exists;
}
