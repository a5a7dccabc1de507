import { SETTINGS_MESSAGES, type TFanProfile, ZFanProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { type ProfileResponse, profileKeys } from '@/api/profile';
import { PhotoUpload } from '@/components/form/photo-upload';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import { HomeCityField, TagNameField } from '@/components/profile-form/fan-fields';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZFanProfileTab = ZFanProfileInput.pick({
  tagName: true,
  email: true,
  phone: true,
  homeCity: true,
});
type Values = z.input<typeof ZFanProfileTab>;
const FIELDS = ['tagName', 'email', 'phone', 'homeCity'] as const;

/** Fan settings > Profile: tag name, email, phone, home city and photo. */
export function FanProfileTab({ profile }: { profile: TFanProfile }) {
  const form = useForm<Values, unknown, z.output<typeof ZFanProfileTab>>({
    resolver: zodResolver(ZFanProfileTab),
    reValidateMode: 'onChange',
    defaultValues: {
      tagName: profile.tagName,
      email: profile.email,
      phone: profile.phone,
      homeCity: profile.homeCity,
    },
  });
  const { save, saving } = useSaveProfile('fan');
  const queryClient = useQueryClient();
  const { handleSubmit, setError, reset } = form;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    );
    if (saved) reset(values);
  });

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
        <FormProvider {...form}>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <TagNameField />
            <EmailField />
            <ProfilePhoneField />
            <HomeCityField />
            <SaveButton saving={saving} />
          </form>
        </FormProvider>
      </SettingsSection>
    </>
  );
}
