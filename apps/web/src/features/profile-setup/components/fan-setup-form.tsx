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
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CheckboxField } from '@/components/form/checkbox-field';
import { GenrePicker } from '@/components/form/genre-picker';
import { PhoneField } from '@/components/form/phone-input';
import { PhotoUpload } from '@/components/form/photo-upload';
import { RadiusSlider } from '@/components/form/radius-slider';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { ZipField } from '@/components/form/zip-input';
import { paths } from '@/config/paths';
import { FAN_FIELDS, type FanFormValues, fanDefaults, fanResolver } from '../utils/fan-form';
import { type SetupRouteProps, useSetupSave } from '../utils/use-setup-save';
import { FanStats } from './role-stats';
import { FieldGrid, SetupSection } from './setup-section';
import { SubmitButton } from './submit-button';

const GENDER_OPTIONS = GENDERS.map((value) => ({ value, label: GENDER_LABELS[value] }));

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
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const [photoUrl, setPhotoUrl] = useState(profile?.photoUrl ?? null);
  const save = useSetupSave({
    role: 'fan',
    fields: FAN_FIELDS,
    setFieldError: (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    onProfileComplete,
    dashboardHref: paths.fan.dashboard.href(),
  });

  const onSubmit = handleSubmit(save.submit, (invalid) => {
    if (invalid.favoriteGenres)
      toast.error(S.selectGenresTitle, { description: F.genres, id: 'select-genres' });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <SetupSection title="Photo">
        <PhotoUpload label="Profile Photo" photoUrl={photoUrl} onUploaded={setPhotoUrl} />
      </SetupSection>
      <SetupSection title="Personal Information" icon={UserRound}>
        <TextField
          label="Tag Name"
          autoComplete="nickname"
          error={errors.tagName?.message}
          {...register('tagName')}
        />
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
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneField label="Phone" error={errors.phone?.message} {...field} />
            )}
          />
        </FieldGrid>
        <CheckboxField
          label="Send me show alerts by SMS"
          description={F.smsNote}
          {...register('smsOptIn')}
        />
      </SetupSection>
      <SetupSection title="Location & Preferences" icon={MapPin}>
        <FieldGrid>
          <TextField
            label="Home City"
            autoComplete="address-level2"
            error={errors.homeCity?.message}
            {...register('homeCity')}
          />
          <Controller
            control={control}
            name="zipCode"
            render={({ field }) => (
              <ZipField label="ZIP Code" error={errors.zipCode?.message} {...field} />
            )}
          />
        </FieldGrid>
        <Controller
          control={control}
          name="preferredRadius"
          render={({ field }) => <RadiusSlider value={field.value} onChange={field.onChange} />}
        />
      </SetupSection>
      <SetupSection title="Favorite Genres" icon={Music}>
        <Controller
          control={control}
          name="favoriteGenres"
          render={({ field }) => (
            <GenrePicker
              label="Choose the genres you want alerts for"
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </SetupSection>
      <FanStats />
      <SubmitButton label="Complete Profile Setup" saving={save.saving} />
    </form>
  );
}
