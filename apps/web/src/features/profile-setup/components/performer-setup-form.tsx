import {
  PERFORMER_MESSAGES as P,
  SETUP_MESSAGES as S,
  type TPerformerProfile,
  type TPerformerProfileData,
  ZPerformerProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mic, Phone } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { GenrePicker } from '@/components/form/genre-picker';
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
import type { SetupRouteProps } from '../utils/use-setup-save';
import { PerformerDetailsSections } from './performer-details-sections';
import { PerformerStats } from './role-stats';
import { SetupForm, type SetupFormConfig } from './setup-form';
import { FieldGrid, SetupSection } from './setup-section';

const PERFORMER_SETUP: SetupFormConfig<PerformerFormValues> = {
  forRole: 'performer',
  fields: PERFORMER_FIELDS,
  dashboardHref: paths.performer.dashboard.href(),
  photoLabel: 'Artist Photo',
  submitLabel: 'Complete Profile',
  missingChoice: {
    field: 'genres',
    title: S.selectGenresTitle,
    description: P.genres,
    id: 'select-genres',
  },
};

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
  const { control } = form;

  return (
    <SetupForm
      form={form}
      {...PERFORMER_SETUP}
      savedPhotoUrl={profile?.photoUrl ?? null}
      onProfileComplete={onProfileComplete}
    >
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
    </SetupForm>
  );
}
