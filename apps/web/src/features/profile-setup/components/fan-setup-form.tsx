import {
  AGE_RANGES,
  FAN_MESSAGES as F,
  GENDER_LABELS,
  GENDERS,
  SETUP_MESSAGES as S,
  type TFanProfile,
  type TFanProfileData,
} from '@encore/contract';
import { MapPin, Music, Phone, UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  FavoriteGenresField,
  HomeCityField,
  HomeZipField,
  RadiusField,
  TagNameField,
} from '@/components/profile-form/fan-fields';
import { paths } from '@/config/paths';
import { FAN_FIELDS, type FanFormValues, fanDefaults, fanResolver } from '../utils/fan-form';
import type { SetupRouteProps } from '../utils/use-setup-save';
import { FanStats } from './role-stats';
import { SetupForm, type SetupFormConfig } from './setup-form';
import { FieldGrid, SetupSection } from './setup-section';

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

const FAN_SETUP: SetupFormConfig<FanFormValues> = {
  forRole: 'fan',
  fields: FAN_FIELDS,
  dashboardHref: paths.fan.dashboard.href(),
  photoLabel: 'Profile Photo',
  submitLabel: 'Complete Profile Setup',
  missingChoice: {
    field: 'favoriteGenres',
    title: S.selectGenresTitle,
    description: F.genres,
    id: 'select-genres',
  },
};

export function FanSetupForm({
  profile,
  accountEmail,
  onProfileComplete,
}: SetupRouteProps & { profile: TFanProfile | null }) {
  const form = useForm<FanFormValues, unknown, TFanProfileData>({
    resolver: fanResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: fanDefaults(profile, accountEmail),
  });
  const { register, formState } = form;
  const { errors } = formState;

  return (
    <SetupForm
      form={form}
      {...FAN_SETUP}
      savedPhotoUrl={profile?.photoUrl ?? null}
      onProfileComplete={onProfileComplete}
    >
      <SetupSection title="Personal Information" icon={UserRound}>
        <TagNameField />
        <FieldGrid>
          <SelectField
            label="Age Range"
            placeholder="Select age range"
            options={AGE_RANGES}
            error={errors.ageRange?.message}
            defaultValue={formState.defaultValues?.ageRange}
            {...register('ageRange')}
          />
          <SelectField
            label="Gender"
            placeholder="Select gender"
            options={GENDER_OPTIONS}
            error={errors.gender?.message}
            defaultValue={formState.defaultValues?.gender}
            {...register('gender')}
          />
        </FieldGrid>
      </SetupSection>
      <SetupSection title="Contact Information" icon={Phone}>
        <FieldGrid>
          <EmailField />
          <ProfilePhoneField />
        </FieldGrid>
        <CheckboxField
          label="Send me show alerts by SMS"
          description={F.smsNote}
          {...register('smsOptIn')}
        />
      </SetupSection>
      <SetupSection title="Location & Preferences" icon={MapPin}>
        <FieldGrid>
          <HomeCityField />
          <HomeZipField />
        </FieldGrid>
        <RadiusField />
      </SetupSection>
      <SetupSection title="Favorite Genres" icon={Music}>
        <FavoriteGenresField label="Choose the genres you want alerts for" showError={false} />
      </SetupSection>
      <FanStats />
    </SetupForm>
  );
}
