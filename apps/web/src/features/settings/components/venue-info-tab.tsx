import { type TVenueProfile, ZVenueProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  VenueAddressFields,
  VenueDescriptionField,
  VenueNameField,
} from '@/components/profile-form/venue-fields';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZVenueProfileInput.pick({
  venueName: true,
  description: true,
  email: true,
  phone: true,
  streetAddress: true,
  city: true,
  state: true,
  zipCode: true,
});
type Values = z.input<typeof ZTab>;
const FIELDS = Object.keys(ZTab.shape) as (keyof Values)[];

/** Venue settings > Venue Info: name, description (cut at 500), contact and address. */
export function VenueInfoTab({ profile }: { profile: TVenueProfile }) {
  const form = useForm<Values, unknown, z.output<typeof ZTab>>({
    resolver: zodResolver(ZTab),
    reValidateMode: 'onChange',
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, profile[f]])) as Values,
  });
  const { save, saving } = useSaveProfile('venue');
  const { handleSubmit, setError } = form;

  const onSubmit = handleSubmit((values) =>
    save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    ),
  );

  return (
    <SettingsSection title="Venue Information">
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <VenueNameField />
          <VenueDescriptionField />
          <EmailField />
          <ProfilePhoneField />
          <VenueAddressFields gap="gap-4" />
          <SaveButton saving={saving} />
        </form>
      </FormProvider>
    </SettingsSection>
  );
}
