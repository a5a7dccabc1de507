import { type TPerformerProfile, ZPerformerProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhoneField } from '@/components/form/phone-input';
import { TextField } from '@/components/form/text-field';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZPerformerProfileInput.pick({
  bookingAgentEmail: true,
  bookingAgentPhone: true,
  websiteUrl: true,
  spotifyUrl: true,
});
const FIELDS = ['bookingAgentEmail', 'bookingAgentPhone', 'websiteUrl', 'spotifyUrl'] as const;

/** Performer settings > Booking; every field optional (an empty one is saved as none). */
export function PerformerBookingTab({ profile }: { profile: TPerformerProfile }) {
  const { register, handleSubmit, setError, control, formState } = useForm<
    z.input<typeof ZTab>,
    unknown,
    z.output<typeof ZTab>
  >({
    resolver: zodResolver(ZTab),
    reValidateMode: 'onChange',
    defaultValues: {
      bookingAgentEmail: profile.bookingAgentEmail ?? '',
      bookingAgentPhone: profile.bookingAgentPhone ?? '',
      websiteUrl: profile.websiteUrl ?? '',
      spotifyUrl: profile.spotifyUrl ?? '',
    },
  });
  const { save, saving } = useSaveProfile('performer');
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    ),
  );

  return (
    <SettingsSection title="Booking Information">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Booking Agent Email"
          type="email"
          error={errors.bookingAgentEmail?.message}
          {...register('bookingAgentEmail')}
        />
        <Controller
          control={control}
          name="bookingAgentPhone"
          render={({ field, fieldState }) => (
            <PhoneField
              label="Booking Agent Phone"
              autoComplete="off"
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label="Website URL"
          type="url"
          placeholder="https://"
          error={errors.websiteUrl?.message}
          {...register('websiteUrl')}
        />
        <TextField
          label="Spotify URL"
          type="url"
          placeholder="https://open.spotify.com/artist/…"
          error={errors.spotifyUrl?.message}
          {...register('spotifyUrl')}
        />
        <SaveButton saving={saving} />
      </form>
    </SettingsSection>
  );
}
