import {
  BIO_MAX,
  PERFORMER_MESSAGES as P,
  SETUP_MESSAGES as S,
  type TPerformerProfile,
  type TPerformerProfileData,
  ZPerformerProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mic, Phone } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { GenrePicker } from '@/components/form/genre-picker';
import { PhoneField } from '@/components/form/phone-input';
import { PhotoUpload } from '@/components/form/photo-upload';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
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
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors } = formState;
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
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <SetupSection title="Photo">
        <PhotoUpload label="Artist Photo" photoUrl={photoUrl} onUploaded={setPhotoUrl} />
      </SetupSection>
      <SetupSection title="Artist Information" icon={Mic}>
        <TextField
          label="Artist Name"
          required
          autoComplete="organization"
          error={errors.artistName?.message}
          {...register('artistName')}
        />
        <Controller
          control={control}
          name="bio"
          render={({ field }) => (
            <TextareaField
              label="Bio"
              max={BIO_MAX}
              placeholder="Tell fans about your music"
              error={errors.bio?.message}
              {...field}
            />
          )}
        />
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
          <TextField
            label="Email"
            required
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneField label="Phone" required error={errors.phone?.message} {...field} />
            )}
          />
          <TextField
            label="Booking Agent Email"
            type="email"
            error={errors.bookingAgentEmail?.message}
            {...register('bookingAgentEmail')}
          />
          <Controller
            control={control}
            name="bookingAgentPhone"
            render={({ field }) => (
              <PhoneField
                label="Booking Agent Phone"
                autoComplete="off"
                error={errors.bookingAgentPhone?.message}
                {...field}
                value={field.value ?? ''}
              />
            )}
          />
        </FieldGrid>
      </SetupSection>
      <PerformerDetailsSections form={form} />
      <PerformerStats />
      <SubmitButton label="Complete Profile" saving={save.saving} />
    </form>
  );
}
