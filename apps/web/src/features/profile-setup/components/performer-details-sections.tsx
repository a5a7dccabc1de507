import {
  parseYearsActive,
  SHOW_LENGTHS,
  type TPerformerProfileData,
  VENUE_CAPACITY_RANGES,
  YEARS_ACTIVE_MAX,
  YEARS_ACTIVE_MIN,
} from '@encore/contract';
import { Briefcase, Globe } from 'lucide-react';
import { useFormContext } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import {
  CurrentlyTouringField,
  PERFORMER_LINKS,
  PerformerLinkField,
} from '@/components/profile-form/performer-fields';
import type { PerformerFormValues } from '../utils/performer-form';
import { FieldGrid, SetupSection } from './setup-section';

/** Social Media and Professional Details of the performer setup form. */
export function PerformerDetailsSections() {
  const { register, formState } = useFormContext<
    PerformerFormValues,
    unknown,
    TPerformerProfileData
  >();
  const { errors } = formState;
  return (
    <>
      <SetupSection title="Social Media" icon={Globe}>
        <FieldGrid>
          {PERFORMER_LINKS.map(({ name }) => (
            <PerformerLinkField key={name} name={name} autoComplete="off" />
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
        <CurrentlyTouringField />
      </SetupSection>
    </>
  );
}
