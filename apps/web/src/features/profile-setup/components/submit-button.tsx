import { SETUP_MESSAGES } from '@encore/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** The form's submit button: its label, or the spec's 'Saving...' while the save is in flight. */
export function SubmitButton({ label, saving }: { label: string; saving: boolean }) {
  return (
    <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:self-end">
      {saving && <Spinner />}
      {saving ? SETUP_MESSAGES.saving : label}
    </Button>
  );
}
