import { type TVenueProfile, ZVenueProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhoneField } from '@/components/form/phone-input';
import { TextField } from '@/components/form/text-field';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZVenueProfileInput.pick({
  bookingContactName: true,
  bookingEmail: true,
  bookingPhone: true,
  websiteUrl: true,
});
const FIELDS = ['bookingContactName', 'bookingEmail', 'bookingPhone', 'websiteUrl'] as const;

/** Venue settings > Booking: who books shows and how to reach them. */
export function VenueBookingTab({ profile }: { profile: TVenueProfile }) {
  const { register, handleSubmit, setError, control, formState } = useForm<
    z.input<typeof ZTab>,
    unknown,
    z.output<typeof ZTab>
  >({
    resolver: zodResolver(ZTab),
    reValidateMode: 'onChange',
    defaultValues: {
      bookingContactName: profile.bookingContactName,
      bookingEmail: profile.bookingEmail,
      bookingPhone: profile.bookingPhone,
      websiteUrl: profile.websiteUrl ?? '',
    },
  });
  const { save, saving } = useSaveProfile('venue');
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
          label="Booking Contact Name"
          autoComplete="name"
          error={errors.bookingContactName?.message}
          {...register('bookingContactName')}
        />
        <TextField
          label="Booking Email"
          type="email"
          error={errors.bookingEmail?.message}
          {...register('bookingEmail')}
        />
        <Controller
          control={control}
          name="bookingPhone"
          render={({ field, fieldState }) => (
            <PhoneField
              label="Booking Phone"
              autoComplete="off"
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
          label="Website"
          type="url"
          placeholder="https://"
          error={errors.websiteUrl?.message}
          {...register('websiteUrl')}
        />
        <SaveButton saving={saving} />
      </form>
    </SettingsSection>
  );
}
