import { SETUP_MESSAGES as S, type TRole } from '@encore/contract';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type TProfileData, useSaveProfile } from '@/api/profile';
import { reportSaveError } from './report-save-error';

/** What the app hands a setup screen: the account's email and how to mark the profile complete. */
export interface SetupRouteProps {
  accountEmail: string;
  /** Called after a successful save, before navigating, so the guards see profileComplete. */
  onProfileComplete: () => void;
}

/**
 * Saves a setup form: success toast, session marked complete, then the role's dashboard;
 * failures go under fields or into the spec's 'Error' toast.
 */
export function useSetupSave<R extends TRole, F extends string>(options: {
  role: R;
  fields: readonly F[];
  setFieldError: (field: F, message: string) => void;
  onProfileComplete: () => void;
  dashboardHref: string;
}) {
  const save = useSaveProfile(options.role);
  const navigate = useNavigate();
  const submit = async (input: TProfileData) => {
    try {
      await save.mutateAsync(input);
    } catch (error) {
      reportSaveError(error, options.fields, options.setFieldError);
      return;
    }
    toast.success(S.completeTitle, { description: S.completeDescription });
    options.onProfileComplete();
    navigate(options.dashboardHref);
  };
  return { submit, saving: save.isPending };
}
