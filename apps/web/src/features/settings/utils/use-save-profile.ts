import { SETTINGS_MESSAGES, type TRole } from '@encore/contract';
import { toast } from 'sonner';
import { type PatchByRole, useUpdateProfile } from '@/api/profile';
import { reportRequestError } from '@/lib/report-request-error';

/**
 * Saves one profile tab: PATCH with only its fields, the spec's 'Profile updated' toast, and the
 * server's field errors under the tab's inputs.
 */
export function useSaveProfile<R extends TRole>(role: R) {
  const update = useUpdateProfile(role);
  async function save<F extends string>(
    patch: PatchByRole[R],
    fields: readonly F[],
    setFieldError: (field: F, message: string) => void,
  ): Promise<boolean> {
    try {
      await update.mutateAsync(patch);
      toast.success(SETTINGS_MESSAGES.profileUpdatedTitle, {
        description: SETTINGS_MESSAGES.profileUpdatedDescription,
      });
      return true;
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not save',
        fields: { names: fields, set: setFieldError },
      });
      return false;
    }
  }
  return { save, saving: update.isPending };
}
