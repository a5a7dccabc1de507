import type { TFeedbackRequest } from '@encore/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function submitFeedback(body: TFeedbackRequest) {
  return apiRequest('/api/feedback', { method: 'POST', body });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
