import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The form's one button: disabled, with a spinner, while the request is out (so it goes once). */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="mt-1">
      {busy && <Spinner />}
      {children}
    </Button>
  );
}
