import { SETTINGS_MESSAGES, type TFanProfile, ZFanProfileInput } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type ProfileResponse, profileKeys } from '@/api/profile';
import { PhotoUpload } from '@/components/form/photo-upload';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import { TagNameField } from '@/components/profile-form/fan-fields';
import { FanHomeFields } from './fan-home-fields';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

// The same rules as setup and the server's PATCH; no city: the server names it from the ZIP.
const ZFanProfileTab = ZFanProfileInput.pick({
  tagName: true,
  email: true,
  phone: true,
  zipCode: true,
  preferredRadius: true,
  favoriteGenres: true,
});

/**
 * Fan settings > Profile: tag name, email, phone, photo, and what alerts are matched by: the home
 * ZIP, the concert radius and the favourite genres.
 */
export function FanProfileTab({ profile }: { profile: TFanProfile }) {
  const queryClient = useQueryClient();
  const onPhotoUploaded = (photoUrl: string) => {
    queryClient.setQueryData<ProfileResponse<'fan'>>(profileKeys.detail('fan'), (old) =>
      old?.profile ? { profile: { ...old.profile, photoUrl } } : old,
    );
    toast.success(SETTINGS_MESSAGES.profileUpdatedTitle, {
      description: SETTINGS_MESSAGES.profileUpdatedDescription,
    });
  };

  return (
    <>
      <SettingsSection title="Profile Photo">
        <PhotoUpload
          label="Profile Photo"
          photoUrl={profile.photoUrl}
          onUploaded={onPhotoUploaded}
        />
      </SettingsSection>
      <SettingsSection title="Profile Information">
        <ProfileTabForm forRole="fan" schema={ZFanProfileTab} resetOnSave profile={profile}>
          <TagNameField />
          <EmailField />
          <ProfilePhoneField />
          <FanHomeFields profile={profile} />
        </ProfileTabForm>
      </SettingsSection>
    </>
  );
}
