import {
  AGE_RESTRICTIONS,
  type TVenueProfile,
  type TVenueProfileData,
  VENUE_MESSAGES as V,
  VENUE_TYPES,
  ZVenueProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2, MapPin } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { PhotoUpload } from '@/components/form/photo-upload';
import { SelectField } from '@/components/form/select-field';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  VenueAddressFields,
  VenueDescriptionField,
  VenueNameField,
  VenueWebsiteField,
} from '@/components/profile-form/venue-fields';
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
  const { register, handleSubmit, setError, formState } = form;
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
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <SetupSection title="Photo">
          <PhotoUpload label="Venue Photo" photoUrl={photoUrl} onUploaded={setPhotoUrl} />
        </SetupSection>
        <SetupSection title="Venue Information" icon={Building2}>
          <VenueNameField autoComplete="organization" />
          <VenueDescriptionField placeholder="What makes your venue special?" />
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
            <VenueWebsiteField />
            <ProfilePhoneField label="Venue Phone" />
            <EmailField label="Venue Email" />
          </FieldGrid>
        </SetupSection>
        <SetupSection title="Location" icon={MapPin}>
          <VenueAddressFields gap="gap-5" />
        </SetupSection>
        <VenueDetailsSections />
        <SubmitButton label="Complete Venue Profile" saving={save.saving} />
      </form>
    </FormProvider>
  );
}
