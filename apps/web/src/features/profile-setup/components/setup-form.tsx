import type { TRole } from '@encore/contract';
import { type ReactNode, useState } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { TProfileData } from '@/api/profile';
import { PhotoUpload } from '@/components/form/photo-upload';
import { useSetupSave } from '../utils/use-setup-save';
import { SetupSection } from './setup-section';
import { SubmitButton } from './submit-button';

interface SetupFormProps<V extends FieldValues, O extends TProfileData> {
  /** The role's whole-profile form; the sections inside find it by context. */
  form: UseFormReturn<V, unknown, O>;
  forRole: TRole;
  /** The form's inputs, which the server's field errors go under. */
  fields: readonly Path<V>[];
  onProfileComplete: () => void;
  dashboardHref: string;
  /** The spec's toast for a rule no input shows (no genre picked, no operating day). */
  onInvalid: (errors: FieldErrors<V>) => void;
  photoLabel: string;
  savedPhotoUrl: string | null;
  submitLabel: string;
  /** The role's sections, between the Photo card and the submit button. */
  children: ReactNode;
}

/**
 * A setup screen's form: the Photo card first, the role's sections, then the submit button.
 * Saving goes through useSetupSave (toast, session marked complete, the role's dashboard).
 */
export function SetupForm<V extends FieldValues, O extends TProfileData>({
  form,
  forRole: role,
  fields,
  onProfileComplete,
  dashboardHref,
  onInvalid,
  photoLabel,
  savedPhotoUrl,
  submitLabel,
  children,
}: SetupFormProps<V, O>) {
  const [photoUrl, setPhotoUrl] = useState(savedPhotoUrl);
  const save = useSetupSave({
    role,
    fields,
    setFieldError: (field, message) =>
      form.setError(field, { type: 'server', message }, { shouldFocus: true }),
    onProfileComplete,
    dashboardHref,
  });
  const onSubmit = form.handleSubmit(save.submit, onInvalid);

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <SetupSection title="Photo">
          <PhotoUpload label={photoLabel} photoUrl={photoUrl} onUploaded={setPhotoUrl} />
        </SetupSection>
        {children}
        <SubmitButton label={submitLabel} saving={save.saving} />
      </form>
    </FormProvider>
  );
}
