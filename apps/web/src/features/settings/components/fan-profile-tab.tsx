import {
  EMAIL_CHANGE_MESSAGES,
  SETTINGS_MESSAGES,
  type TEmailChangeState,
  type TFanProfile,
  ZFanProfileInput,
} from '@encore/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { toast } from 'sonner';
import { type ProfileResponse, profileKeys } from '@/api/profile';
import { PhotoUpload } from '@/components/form/photo-upload';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import { TagNameField } from '@/components/profile-form/fan-fields';
import { reportRequestError } from '@/lib/report-request-error';
import { useEmailChange } from '../api/get-email-change';
import { useRequestEmailChange } from '../api/request-email-change';
import { FanHomeFields } from './fan-home-fields';
import { FanPlacesSection } from './fan-places-section';
import { LoadState } from './load-state';
import { PendingEmailChange } from './pending-email-change';
import { ProfileTabForm } from './profile-tab-form';
import { SettingsSection } from './settings-section';

// The same rules as setup and the server's PATCH; no city: the server names it from the ZIP. The
// email is checked here too, but it is the account's: it is saved by a link, not the PATCH.
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
  const account = useEmailChange();
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
        {account.data ? (
          <FanProfileForm profile={profile} account={account.data} />
        ) : (
          <LoadState
            isPending={account.isPending}
            error={account.error}
            retry={() => void account.refetch()}
            what="your profile"
          />
        )}
      </SettingsSection>
      <FanPlacesSection />
    </>
  );
}

/**
 * The Email field starts from the account's address (what login and alert mail use). A new one
 * is not saved: a link goes to it, and the field goes back to the address in use, with the
 * pending change under it, until the link is opened.
 */
function FanProfileForm({
  profile,
  account,
}: {
  profile: TFanProfile;
  account: TEmailChangeState;
}) {
  const requestChange = useRequestEmailChange();
  const saveEmail = async (
    values: FieldValues,
    setFieldError: (field: string, message: string) => void,
  ): Promise<FieldValues | null> => {
    const email = String(values.email ?? '').trim();
    const current = { email: account.email };
    if (email.toLowerCase() === account.email.toLowerCase()) return current;
    try {
      await requestChange.mutateAsync(email);
      toast.success('Check your new inbox', { description: EMAIL_CHANGE_MESSAGES.sentTo(email) });
      return current;
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not change the email',
        fields: { names: ['email'], set: setFieldError },
      });
      return null;
    }
  };

  return (
    <ProfileTabForm
      forRole="fan"
      schema={ZFanProfileTab}
      resetOnSave
      profile={{ ...profile, email: account.email }}
      saveApart={{ fields: ['email'], save: saveEmail }}
    >
      <TagNameField />
      <EmailField />
      {account.pending && <PendingEmailChange pending={account.pending} />}
      <ProfilePhoneField />
      <FanHomeFields profile={profile} />
    </ProfileTabForm>
  );
}
