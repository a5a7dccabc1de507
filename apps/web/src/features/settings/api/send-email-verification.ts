import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function sendEmailVerification() {
  return apiRequest('/api/account/email/send-verification', { method: 'POST' });
}

export function useSendEmailVerification() {
  return useMutation({ mutationFn: sendEmailVerification });
}
