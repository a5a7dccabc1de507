import type { TRole } from '@encore/contract';
import { type ReactNode, useState } from 'react';
import { type FieldValues, FormProvider, type Path, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { TProfileData } from '@/api/profile';
import { PhotoUpload } from '@/components/form/photo-upload';
import { useSetupSave } from '../utils/use-setup-save';
import { SetupSection } from './setup-section';
import { SubmitButton } from './submit-button';

/** What a role's setup form is, apart from its sections. */
export interface SetupFormConfig<V extends FieldValues> {
  forRole: TRole;
  /** The form's inputs, which the server's field errors go under. */
  fields: readonly Path<V>[];
  dashboardHref: string;
  photoLabel: string;
  submitLabel: string;
  /** The spec's toast for the one rule no input shows: no genre picked, no operating day. */
  missingChoice: { field: Path<V>; title: string; description: string; id: string };
}

interface SetupFormProps<V extends FieldValues, O extends TProfileData> extends SetupFormConfig<V> {
  /** The role's whole-profile form; the sections inside find it by context. */
  form: UseFormReturn<V, unknown, O>;
  savedPhotoUrl: string | null;
  onProfileComplete: () => void;
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
  missingChoice,
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
  const onSubmit = form.handleSubmit(save.submit, (errors) => {
    const { field, title, description, id } = missingChoice;
    if ((errors as Record<string, unknown>)[field]) toast.error(title, { description, id });
  });

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
