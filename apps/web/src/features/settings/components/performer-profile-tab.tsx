import { BIO_MAX, type TPerformerProfile, ZPerformerProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhoneField } from '@/components/form/phone-input';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZPerformerProfileInput.pick({
  artistName: true,
  bio: true,
  email: true,
  phone: true,
  currentlyTouring: true,
});
const FIELDS = ['artistName', 'bio', 'email', 'phone', 'currentlyTouring'] as const;

/** Performer settings > Profile: artist name, bio (0/500), email, phone, currently touring. */
export function PerformerProfileTab({ profile }: { profile: TPerformerProfile }) {
  const { register, handleSubmit, setError, control, reset, formState } = useForm<
    z.input<typeof ZTab>,
    unknown,
    z.output<typeof ZTab>
  >({
    resolver: zodResolver(ZTab),
    reValidateMode: 'onChange',
    defaultValues: {
      artistName: profile.artistName,
      bio: profile.bio,
      email: profile.email,
      phone: profile.phone,
      currentlyTouring: profile.currentlyTouring,
    },
  });
  const { save, saving } = useSaveProfile('performer');
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    );
    if (saved) reset(values);
  });

  return (
    <SettingsSection title="Artist Profile">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Artist Name"
          error={errors.artistName?.message}
          {...register('artistName')}
        />
        <Controller
          control={control}
          name="bio"
          render={({ field, fieldState }) => (
            <TextareaField
              label="Bio"
              max={BIO_MAX}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField
              label="Phone"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <SwitchField label="Currently Touring" {...register('currentlyTouring')} />
        <SaveButton saving={saving} />
      </form>
    </SettingsSection>
  );
}
