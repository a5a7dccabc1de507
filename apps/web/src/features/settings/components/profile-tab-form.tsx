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
  /** The shared field components of components/profile-form, which find this form by context. */
  children: ReactNode;
}

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
  children,
}: ProfileTabFormProps<R, S>) {
  const fields = Object.keys(schema.shape);
  // The fields bind themselves by name through the context, so the form's values stay generic
  // here; the schema is checked against the role's PATCH body at the call.
  const form = useForm<FieldValues, unknown, PatchByRole[R]>({
    resolver: zodResolver(schema) as Resolver<FieldValues, unknown, PatchByRole[R]>,
    reValidateMode: 'onChange',
    defaultValues: savedValues(fields, profile),
  });
  const { save, saving } = useSaveProfile(role);

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await save(values, fields, (field, message) =>
      form.setError(field, { type: 'server', message }, { shouldFocus: true }),
    );
    if (saved && resetOnSave) form.reset(values);
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
