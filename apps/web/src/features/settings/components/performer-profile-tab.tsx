import { type TPerformerProfile, ZPerformerProfileInput } from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  ArtistNameField,
  BioField,
  CurrentlyTouringField,
} from '@/components/profile-form/performer-fields';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZPerformerProfileInput.pick({
  artistName: true,
  bio: true,
  email: true,
  phone: true,
  currentlyTouring: true,
});
const FIELDS = ['artistName', 'bio', 'email', 'phone', 'currentlyTouring'] as const;

/** Performer settings > Profile: artist name, bio (0/500), email, phone, currently touring. */
export function PerformerProfileTab({ profile }: { profile: TPerformerProfile }) {
  const form = useForm<z.input<typeof ZTab>, unknown, z.output<typeof ZTab>>({
    resolver: zodResolver(ZTab),
    reValidateMode: 'onChange',
    defaultValues: {
      artistName: profile.artistName,
      bio: profile.bio,
      email: profile.email,
      phone: profile.phone,
      currentlyTouring: profile.currentlyTouring,
    },
  });
  const { save, saving } = useSaveProfile('performer');
  const { handleSubmit, setError, reset } = form;

  const onSubmit = handleSubmit(async (values) => {
    const saved = await save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    );
    if (saved) reset(values);
  });

  return (
    <SettingsSection title="Artist Profile">
      <FormProvider {...form}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <ArtistNameField />
          <BioField />
          <EmailField />
          <ProfilePhoneField />
          <CurrentlyTouringField />
          <SaveButton saving={saving} />
        </form>
      </FormProvider>
    </SettingsSection>
  );
}
