import { type TPerformerProfile, ZPerformerProfileInput } from '@encore/contract';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  ArtistNameField,
  BioField,
  CurrentlyTouringField,
} from '@/components/profile-form/performer-fields';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

const ZTab = ZPerformerProfileInput.pick({
  artistName: true,
  bio: true,
  email: true,
  phone: true,
  currentlyTouring: true,
});

/** Performer settings > Profile: artist name, bio (0/500), email, phone, currently touring. */
export function PerformerProfileTab({ profile }: { profile: TPerformerProfile }) {
  return (
    <SettingsSection title="Artist Profile">
      <ProfileTabForm forRole="performer" schema={ZTab} resetOnSave profile={profile}>
        <ArtistNameField />
        <BioField />
        <EmailField />
        <ProfilePhoneField />
        <CurrentlyTouringField />
      </ProfileTabForm>
    </SettingsSection>
  );
}
