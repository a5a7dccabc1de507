import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { accountSecurityQueryKey } from '../api/get-account-security';

const PARAM = 'emailVerified';

/**
 * The verification link ends on /settings/<role>?emailVerified=1 (or 0): say how it went once,
 * then drop the parameter so a reload does not say it again.
 */
export function useEmailVerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = params.get(PARAM);

  useEffect(() => {
    if (outcome === null) return;
    if (outcome === '1') {
      toast.success('Email verified', { description: 'Thank you for confirming your address' });
      void queryClient.invalidateQueries({ queryKey: accountSecurityQueryKey });
    } else {
      toast.error('Email not verified', {
        description: 'The link was invalid or has expired. Please send a new one.',
      });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, setParams, queryClient]);
}
