import { AMENITIES, BOOKING_LEAD_TIMES, type TVenueProfileData } from '@encore/contract';
import { CalendarClock, ClipboardList, Users } from 'lucide-react';
import { Controller, useFormContext } from 'react-hook-form';
import { CheckboxField } from '@/components/form/checkbox-field';
import { DayPicker } from '@/components/form/day-picker';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import {
  MaxCapacityField,
  VenueBookingContactFields,
} from '@/components/profile-form/venue-fields';
import type { VenueFormValues } from '../utils/venue-form';
import { VenueStats } from './role-stats';
import { FieldGrid, SetupSection } from './setup-section';

/** Capacity & Amenities, Booking Information, Operating Hours and the Venue Stats card. */
export function VenueDetailsSections() {
  const { register, control, formState } = useFormContext<
    VenueFormValues,
    unknown,
    TVenueProfileData
  >();
  const { errors } = formState;
  return (
    <>
      <SetupSection title="Capacity & Amenities" icon={Users}>
        <div className="sm:max-w-xs">
          <MaxCapacityField withMax />
        </div>
        <fieldset className="m-0 flex min-w-0 flex-col gap-3 border-0 p-0">
          <legend className="mb-3 p-0 text-sm font-medium text-fg">Amenities</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {AMENITIES.map((amenity) => (
              <CheckboxField
                key={amenity}
                label={amenity}
                value={amenity}
                {...register('amenities')}
              />
            ))}
          </div>
        </fieldset>
      </SetupSection>
      <SetupSection title="Booking Information" icon={ClipboardList}>
        <FieldGrid>
          <VenueBookingContactFields />
          <SelectField
            label="Booking Lead Time"
            options={BOOKING_LEAD_TIMES}
            defaultValue={formState.defaultValues?.bookingLeadTime}
            {...register('bookingLeadTime')}
          />
        </FieldGrid>
      </SetupSection>
      <SetupSection title="Operating Hours" icon={CalendarClock}>
        <Controller
          control={control}
          name="operatingDays"
          render={({ field }) => (
            <DayPicker label="Operating Days" value={field.value} onChange={field.onChange} />
          )}
        />
        <div className="sm:max-w-xs">
          <TextField
            label="Typical Show Time"
            type="time"
            error={errors.typicalShowTime?.message}
            {...register('typicalShowTime')}
          />
        </div>
      </SetupSection>
      <VenueStats />
    </>
  );
}
