import { type TPerformerProfile, ZPerformerProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BookingAgentFields, PerformerLinkField } from '@/components/profile-form/performer-fields';
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
  const form = useForm<z.input<typeof ZTab>, unknown, z.output<typeof ZTab>>({
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
          <BookingAgentFields />
          <PerformerLinkField name="websiteUrl" />
          <PerformerLinkField name="spotifyUrl" />
          <SaveButton saving={saving} />
        </form>
      </FormProvider>
    </SettingsSection>
  );
}
