import { ZPhoneCodeSent } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function sendPhoneCode() {
  return apiRequest('/api/account/phone/send-code', { method: 'POST', schema: ZPhoneCodeSent });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
