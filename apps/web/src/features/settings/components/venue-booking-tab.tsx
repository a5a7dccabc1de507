import { type TVenueProfile, ZVenueProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  VenueBookingContactFields,
  VenueWebsiteField,
} from '@/components/profile-form/venue-fields';
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
  const form = useForm<z.input<typeof ZTab>, unknown, z.output<typeof ZTab>>({
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
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) =>
    save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    ),
  );

  return (
    <SettingsSection title="Booking Information">
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <VenueBookingContactFields />
          <VenueWebsiteField />
          <SaveButton saving={saving} />
        </form>
      </FormProvider>
    </SettingsSection>
  );
}
