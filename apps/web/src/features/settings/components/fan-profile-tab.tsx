import { SETTINGS_MESSAGES, type TFanProfile, ZFanProfileInput } from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { type ProfileResponse, profileKeys } from '@/api/profile';
import { PhotoUpload } from '@/components/form/photo-upload';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import { HomeCityField, TagNameField } from '@/components/profile-form/fan-fields';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

const ZFanProfileTab = ZFanProfileInput.pick({
  tagName: true,
  email: true,
  phone: true,
  homeCity: true,
});

/** Fan settings > Profile: tag name, email, phone, home city and photo. */
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
          <HomeCityField />
        </ProfileTabForm>
      </SettingsSection>
    </>
  );
}
