import {
  AMENITIES,
  BOOKING_LEAD_TIMES,
  type TVenueProfileData,
  VENUE_CAPACITY_MAX,
} from '@encore/contract';
import { CalendarClock, ClipboardList, Users } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CheckboxField } from '@/components/form/checkbox-field';
import { DayPicker } from '@/components/form/day-picker';
import { PhoneField } from '@/components/form/phone-input';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { parseCapacity, type VenueFormValues } from '../utils/venue-form';
import { VenueStats } from './role-stats';
import { FieldGrid, SetupSection } from './setup-section';

type Form = UseFormReturn<VenueFormValues, unknown, TVenueProfileData>;

/** Capacity & Amenities, Booking Information, Operating Hours and the Venue Stats card. */
export function VenueDetailsSections({ form }: { form: Form }) {
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <>
      <SetupSection title="Capacity & Amenities" icon={Users}>
        <div className="sm:max-w-xs">
          <TextField
            label="Max Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            max={VENUE_CAPACITY_MAX}
            error={errors.maxCapacity?.message}
            {...register('maxCapacity', { setValueAs: parseCapacity })}
          />
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
          <TextField
            label="Booking Contact Name"
            autoComplete="name"
            error={errors.bookingContactName?.message}
            {...register('bookingContactName')}
          />
          <TextField
            label="Booking Email"
            type="email"
            error={errors.bookingEmail?.message}
            {...register('bookingEmail')}
          />
          <Controller
            control={control}
            name="bookingPhone"
            render={({ field }) => (
              <PhoneField
                label="Booking Phone"
                autoComplete="off"
                error={errors.bookingPhone?.message}
                {...field}
              />
            )}
          />
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
