import type { TRole } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { PatchByRole, ProfileResponse } from '@/api/profile';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';

/** A tab's slice of the role's profile schema (a `.pick()` of the contract's profile input). */
type TabSchema<R extends TRole> = z.ZodObject & z.ZodType<PatchByRole[R], FieldValues>;

interface ProfileTabFormProps<R extends TRole, S extends TabSchema<R>> {
  forRole: R;
  schema: S;
  /** The saved profile the tab's fields start from. */
  profile: NonNullable<ProfileResponse<R>['profile']>;
  /** Take the saved values as the form's new starting point (tabs that track what changed). */
  resetOnSave?: boolean;
  /**
   * Fields the tab checks with its schema but saves apart from the profile PATCH (the fan's
   * account email, which changes only through a link): after the PATCH, `save` gets the form's
   * values and answers what those fields show from then on, or null when it failed (its field
   * errors are then under the inputs).
   */
  saveApart?: {
    fields: readonly string[];
    save: (values: FieldValues, setFieldError: SetFieldError) => Promise<FieldValues | null>;
  };
  /** The shared field components of components/profile-form, which find this form by context. */
  children: ReactNode;
}

type SetFieldError = (field: string, message: string) => void;

/**
 * One settings tab's profile form: validated by its slice of the contract's schema, saved with a
 * PATCH of only those fields ('Profile updated' toast; the server's field errors under the
 * inputs, the first one focused), and the tab's 'Save Changes' button last.
 */
export function ProfileTabForm<R extends TRole, S extends TabSchema<R>>({
  forRole: role,
  schema,
  profile,
  resetOnSave,
  saveApart,
  children,
}: ProfileTabFormProps<R, S>) {
  const allFields = Object.keys(schema.shape);
  const apart = new Set(saveApart?.fields ?? []);
  const fields = allFields.filter((field) => !apart.has(field));
  // The fields bind themselves by name through the context, so the form's values stay generic
  // here; the schema is checked against the role's PATCH body at the call.
  const form = useForm<FieldValues, unknown, PatchByRole[R]>({
    resolver: zodResolver(schema) as Resolver<FieldValues, unknown, PatchByRole[R]>,
    reValidateMode: 'onChange',
    defaultValues: savedValues(allFields, profile),
  });
  const { save, saving } = useSaveProfile(role);

  const onSubmit = form.handleSubmit(async (values) => {
    const setFieldError: SetFieldError = (field, message) =>
      form.setError(field, { type: 'server', message }, { shouldFocus: true });
    const patch = Object.fromEntries(
      Object.entries(values).filter(([field]) => !apart.has(field)),
    ) as PatchByRole[R];
    const saved = await save(patch, fields, setFieldError);
    if (!saved) return;
    const shownApart = saveApart ? await saveApart.save(values, setFieldError) : {};
    if (shownApart && resetOnSave) form.reset({ ...values, ...shownApart });
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
        <SaveButton saving={saving} />
      </form>
    </FormProvider>
  );
}

/** The tab's fields as saved; an optional link or contact never given (null) starts as ''. */
function savedValues(fields: string[], profile: object): FieldValues {
  const saved = profile as Record<string, unknown>;
  return Object.fromEntries(fields.map((field) => [field, saved[field] ?? '']));
}
