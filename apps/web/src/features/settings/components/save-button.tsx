import { SETUP_MESSAGES } from '@encore/contract';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A tab's own submit button; shows the spec's 'Saving...' while the request runs. */
export function SaveButton({
  saving,
  label = 'Save Changes',
}: {
  saving: boolean;
  label?: string;
}) {
  return (
    <Button type="submit" disabled={saving} className="self-start">
      {saving && <Spinner />}
      {saving ? SETUP_MESSAGES.saving : label}
    </Button>
  );
}
