import {
  parseYearsActive,
  SHOW_LENGTHS,
  type TPerformerProfileData,
  VENUE_CAPACITY_RANGES,
  YEARS_ACTIVE_MAX,
  YEARS_ACTIVE_MIN,
} from '@encore/contract';
import { Briefcase, Globe } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { SwitchField } from '@/components/form/switch-field';
import { TextField } from '@/components/form/text-field';
import type { PerformerFormValues } from '../utils/performer-form';
import { FieldGrid, SetupSection } from './setup-section';

type Form = UseFormReturn<PerformerFormValues, unknown, TPerformerProfileData>;

const SOCIAL_FIELDS = [
  { name: 'websiteUrl', label: 'Website URL', type: 'url', placeholder: 'https://' },
  {
    name: 'spotifyUrl',
    label: 'Spotify URL',
    type: 'url',
    placeholder: 'https://open.spotify.com/artist/…',
  },
  { name: 'instagramHandle', label: 'Instagram Handle', type: 'text', placeholder: '@yourband' },
  {
    name: 'facebookPage',
    label: 'Facebook Page',
    type: 'url',
    placeholder: 'https://facebook.com/…',
  },
  { name: 'twitterHandle', label: 'Twitter Handle', type: 'text', placeholder: '@yourband' },
  { name: 'tiktokHandle', label: 'TikTok Handle', type: 'text', placeholder: '@yourband' },
  {
    name: 'youtubeChannel',
    label: 'YouTube Channel',
    type: 'url',
    placeholder: 'https://youtube.com/@…',
  },
] as const;

/** Social Media and Professional Details of the performer setup form. */
export function PerformerDetailsSections({ form }: { form: Form }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <>
      <SetupSection title="Social Media" icon={Globe}>
        <FieldGrid>
          {SOCIAL_FIELDS.map(({ name, label, type, placeholder }) => (
            <TextField
              key={name}
              label={label}
              type={type}
              placeholder={placeholder}
              autoComplete="off"
              error={errors[name]?.message}
              {...register(name)}
            />
          ))}
        </FieldGrid>
      </SetupSection>
      <SetupSection title="Professional Details" icon={Briefcase}>
        <FieldGrid>
          <TextField
            label="Years Active"
            type="number"
            inputMode="numeric"
            min={YEARS_ACTIVE_MIN}
            max={YEARS_ACTIVE_MAX}
            error={errors.yearsActive?.message}
            {...register('yearsActive', { setValueAs: (value) => parseYearsActive(String(value)) })}
          />
          <SelectField
            label="Average Show Length"
            options={SHOW_LENGTHS}
            defaultValue={formState.defaultValues?.avgShowLength}
            {...register('avgShowLength')}
          />
          <SelectField
            label="Typical Venue Capacity"
            options={VENUE_CAPACITY_RANGES}
            defaultValue={formState.defaultValues?.typicalVenueCapacity}
            {...register('typicalVenueCapacity')}
          />
        </FieldGrid>
        <SwitchField label="Currently Touring" {...register('currentlyTouring')} />
      </SetupSection>
    </>
  );
}
