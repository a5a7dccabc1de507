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
import { useForm } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { EmailField, ProfilePhoneField } from '@/components/profile-form/contact-fields';
import {
  VenueAddressFields,
  VenueDescriptionField,
  VenueNameField,
  VenueWebsiteField,
} from '@/components/profile-form/venue-fields';
import { paths } from '@/config/paths';
import type { SetupRouteProps } from '../utils/use-setup-save';
import {
  AGE_RESTRICTION_LABELS,
  VENUE_FIELDS,
  VENUE_TYPE_LABELS,
  type VenueFormValues,
  venueDefaults,
} from '../utils/venue-form';
import { SetupForm, type SetupFormConfig } from './setup-form';
import { FieldGrid, SetupSection } from './setup-section';
import { VenueDetailsSections } from './venue-details-sections';

const TYPE_OPTIONS = VENUE_TYPES.map((value) => ({ value, label: VENUE_TYPE_LABELS[value] }));
const AGE_OPTIONS = AGE_RESTRICTIONS.map((value) => ({
  value,
  label: AGE_RESTRICTION_LABELS[value],
}));

const VENUE_SETUP: SetupFormConfig<VenueFormValues> = {
  forRole: 'venue',
  fields: VENUE_FIELDS,
  dashboardHref: paths.venue.dashboard.href(),
  photoLabel: 'Venue Photo',
  submitLabel: 'Complete Venue Profile',
  missingChoice: {
    field: 'operatingDays',
    title: V.daysTitle,
    description: V.days,
    id: 'select-days',
  },
};

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
  const { register, formState } = form;

  return (
    <SetupForm
      form={form}
      {...VENUE_SETUP}
      savedPhotoUrl={profile?.photoUrl ?? null}
      onProfileComplete={onProfileComplete}
    >
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
    </SetupForm>
  );
}
