import {
  PERFORMER_MESSAGES as P,
  SETUP_MESSAGES as S,
  type TPerformerProfile,
  type TPerformerProfileData,
  ZPerformerProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mic, Phone } from 'lucide-react';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { GenrePicker } from '@/components/form/genre-picker';
import { PhotoUpload } from '@/components/form/photo-upload';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  ArtistNameField,
  BioField,
  BookingAgentFields,
} from '@/components/profile-form/performer-fields';
import { paths } from '@/config/paths';
import {
  PERFORMER_FIELDS,
  type PerformerFormValues,
  performerDefaults,
} from '../utils/performer-form';
import { type SetupRouteProps, useSetupSave } from '../utils/use-setup-save';
import { PerformerDetailsSections } from './performer-details-sections';
import { PerformerStats } from './role-stats';
import { FieldGrid, SetupSection } from './setup-section';
import { SubmitButton } from './submit-button';

export function PerformerSetupForm({
  profile,
  accountEmail,
  onProfileComplete,
}: SetupRouteProps & { profile: TPerformerProfile | null }) {
  const form = useForm<PerformerFormValues, unknown, TPerformerProfileData>({
    resolver: zodResolver(ZPerformerProfileInput),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: performerDefaults(profile, accountEmail),
  });
  const { control, handleSubmit, setError } = form;
  const [photoUrl, setPhotoUrl] = useState(profile?.photoUrl ?? null);
  const save = useSetupSave({
    role: 'performer',
    fields: PERFORMER_FIELDS,
    setFieldError: (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    onProfileComplete,
    dashboardHref: paths.performer.dashboard.href(),
  });

  const onSubmit = handleSubmit(save.submit, (invalid) => {
    if (invalid.genres)
      toast.error(S.selectGenresTitle, { description: P.genres, id: 'select-genres' });
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <SetupSection title="Photo">
          <PhotoUpload label="Artist Photo" photoUrl={photoUrl} onUploaded={setPhotoUrl} />
        </SetupSection>
        <SetupSection title="Artist Information" icon={Mic}>
          <ArtistNameField required autoComplete="organization" />
          <BioField placeholder="Tell fans about your music" />
          <Controller
            control={control}
            name="genres"
            render={({ field }) => (
              <GenrePicker label="Genres" required value={field.value} onChange={field.onChange} />
            )}
          />
        </SetupSection>
        <SetupSection title="Contact Information" icon={Phone}>
          <FieldGrid>
            <EmailField required />
            <ProfilePhoneField required />
            <BookingAgentFields />
          </FieldGrid>
        </SetupSection>
        <PerformerDetailsSections />
        <PerformerStats />
        <SubmitButton label="Complete Profile" saving={save.saving} />
      </form>
    </FormProvider>
  );
}
