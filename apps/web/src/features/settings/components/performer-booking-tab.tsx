import { type TPerformerProfile, ZPerformerProfileInput } from '@encore/contract';
import { BookingAgentFields, PerformerLinkField } from '@/components/profile-form/performer-fields';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

const ZTab = ZPerformerProfileInput.pick({
  bookingAgentEmail: true,
  bookingAgentPhone: true,
  websiteUrl: true,
  spotifyUrl: true,
});

/** Performer settings > Booking; every field optional (an empty one is saved as none). */
export function PerformerBookingTab({ profile }: { profile: TPerformerProfile }) {
  return (
    <SettingsSection title="Booking Information">
      <ProfileTabForm forRole="performer" schema={ZTab} profile={profile}>
        <BookingAgentFields />
        <PerformerLinkField name="websiteUrl" />
        <PerformerLinkField name="spotifyUrl" />
      </ProfileTabForm>
    </SettingsSection>
  );
}
