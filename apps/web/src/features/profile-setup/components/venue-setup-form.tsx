import {
  AGE_RESTRICTIONS,
  DESCRIPTION_MAX,
  type TVenueProfile,
  type TVenueProfileData,
  truncateDescription,
  VENUE_MESSAGES as V,
  VENUE_TYPES,
  ZVenueProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PhoneField } from '@/components/form/phone-input';
import { PhotoUpload } from '@/components/form/photo-upload';
import { SelectField } from '@/components/form/select-field';
import { StateField } from '@/components/form/state-input';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ZipField } from '@/components/form/zip-input';
import { paths } from '@/config/paths';
import { type SetupRouteProps, useSetupSave } from '../utils/use-setup-save';
import {
  AGE_RESTRICTION_LABELS,
  VENUE_FIELDS,
  VENUE_TYPE_LABELS,
  type VenueFormValues,
  venueDefaults,
} from '../utils/venue-form';
import { FieldGrid, SetupSection } from './setup-section';
import { SubmitButton } from './submit-button';
import { VenueDetailsSections } from './venue-details-sections';

const TYPE_OPTIONS = VENUE_TYPES.map((value) => ({ value, label: VENUE_TYPE_LABELS[value] }));
const AGE_OPTIONS = AGE_RESTRICTIONS.map((value) => ({
  value,
  label: AGE_RESTRICTION_LABELS[value],
}));

export function VenueSetupForm({
  profile,
  accountEmail,
  onProfileComplete,
}: SetupRouteProps & { profile: TVenueProfile | null }) {
  const form = useForm<VenueFormValues, unknown, TVenueProfileData>({
    resolver: zodResolver(ZVenueProfileInput),
    // Spec: the venue form's rules are checked on submit.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: venueDefaults(profile, accountEmail),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const { errors } = formState;
  const [photoUrl, setPhotoUrl] = useState(profile?.photoUrl ?? null);
  const save = useSetupSave({
    role: 'venue',
    fields: VENUE_FIELDS,
    setFieldError: (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    onProfileComplete,
    dashboardHref: paths.venue.dashboard.href(),
  });

  const onSubmit = handleSubmit(save.submit, (invalid) => {
    if (invalid.operatingDays) toast.error(V.daysTitle, { description: V.days, id: 'select-days' });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
      <SetupSection title="Photo">
        <PhotoUpload label="Venue Photo" photoUrl={photoUrl} onUploaded={setPhotoUrl} />
      </SetupSection>
      <SetupSection title="Venue Information" icon={Building2}>
        <TextField
          label="Venue Name"
          autoComplete="organization"
          error={errors.venueName?.message}
          {...register('venueName')}
        />
        <Controller
          control={control}
          name="description"
          render={({ field }) => (
            <TextareaField
              label="Description"
              max={DESCRIPTION_MAX}
              placeholder="What makes your venue special?"
              error={errors.description?.message}
              {...field}
              onChange={(value) => field.onChange(truncateDescription(value))}
            />
          )}
        />
        <FieldGrid>
          <SelectField
            label="Venue Type"
            options={TYPE_OPTIONS}
            defaultValue={formState.defaultValues?.venueType}
            {...register('venueType')}
          />
          <SelectField
            label="Age Restriction"
            options={AGE_OPTIONS}
            defaultValue={formState.defaultValues?.ageRestriction}
            {...register('ageRestriction')}
          />
          <TextField
            label="Website"
            type="url"
            placeholder="https://"
            error={errors.websiteUrl?.message}
            {...register('websiteUrl')}
          />
          <Controller
            control={control}
            name="phone"
            render={({ field }) => (
              <PhoneField label="Venue Phone" error={errors.phone?.message} {...field} />
            )}
          />
          <TextField
            label="Venue Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </FieldGrid>
      </SetupSection>
      <SetupSection title="Location" icon={MapPin}>
        <TextField
          label="Street Address"
          autoComplete="street-address"
          error={errors.streetAddress?.message}
          {...register('streetAddress')}
        />
        <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...register('city')}
          />
          <Controller
            control={control}
            name="state"
            render={({ field }) => (
              <StateField label="State" error={errors.state?.message} {...field} />
            )}
          />
          <Controller
            control={control}
            name="zipCode"
            render={({ field }) => (
              <ZipField label="ZIP Code" error={errors.zipCode?.message} {...field} />
            )}
          />
        </div>
      </SetupSection>
      <VenueDetailsSections form={form} />
      <SubmitButton label="Complete Venue Profile" saving={save.saving} />
    </form>
  );
}
