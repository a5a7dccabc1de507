import { type TVenueProfile, ZVenueProfileInput } from '@encore/contract';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  VenueAddressFields,
  VenueDescriptionField,
  VenueNameField,
} from '@/components/profile-form/venue-fields';
import { ProfileTabForm } from './profile-tab-form';
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

/** Venue settings > Venue Info: name, description (cut at 500), contact and address. */
export function VenueInfoTab({ profile }: { profile: TVenueProfile }) {
  return (
    <SettingsSection title="Venue Information">
      <ProfileTabForm forRole="venue" schema={ZTab} profile={profile}>
        <VenueNameField />
        <VenueDescriptionField />
        <EmailField />
        <ProfilePhoneField />
        <VenueAddressFields gap="gap-4" />
      </ProfileTabForm>
    </SettingsSection>
  );
}
