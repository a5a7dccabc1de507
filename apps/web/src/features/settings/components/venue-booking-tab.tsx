import { type TVenueProfile, ZVenueProfileInput } from '@encore/contract';
import {
  VenueBookingContactFields,
  VenueWebsiteField,
} from '@/components/profile-form/venue-fields';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

const ZTab = ZVenueProfileInput.pick({
  bookingContactName: true,
  bookingEmail: true,
  bookingPhone: true,
  websiteUrl: true,
});

/** Venue settings > Booking: who books shows and how to reach them. */
export function VenueBookingTab({ profile }: { profile: TVenueProfile }) {
  return (
    <SettingsSection title="Booking Information">
      <ProfileTabForm forRole="venue" schema={ZTab} profile={profile}>
        <VenueBookingContactFields />
        <VenueWebsiteField />
      </ProfileTabForm>
    </SettingsSection>
  );
}
