import {
  DESCRIPTION_MAX,
  type TVenueProfile,
  truncateDescription,
  ZVenueProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PhoneField } from '@/components/form/phone-input';
import { StateField } from '@/components/form/state-input';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ZipField } from '@/components/form/zip-input';
import { useSaveProfile } from '../utils/use-save-profile';
import { SaveButton } from './save-button';
import { SettingsSection } from './settings-section';

const ZTab = ZVenueProfileInput.pick({
  venueName: true,
  description: true,
  email: true,
  phone: true,
  streetAddress: true,
  city: true,
  state: true,
  zipCode: true,
});
type Values = z.input<typeof ZTab>;
const FIELDS = Object.keys(ZTab.shape) as (keyof Values)[];

/** Venue settings > Venue Info: name, description (cut at 500), contact and address. */
export function VenueInfoTab({ profile }: { profile: TVenueProfile }) {
  const { register, handleSubmit, setError, control, formState } = useForm<
    Values,
    unknown,
    z.output<typeof ZTab>
  >({
    resolver: zodResolver(ZTab),
    reValidateMode: 'onChange',
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, profile[f]])) as Values,
  });
  const { save, saving } = useSaveProfile('venue');
  const { errors } = formState;

  const onSubmit = handleSubmit((values) =>
    save(values, FIELDS, (field, message) =>
      setError(field, { type: 'server', message }, { shouldFocus: true }),
    ),
  );

  const formatted = (
    name: 'phone' | 'state' | 'zipCode',
    label: string,
    Field: typeof PhoneField,
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          label={label}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );

  return (
    <SettingsSection title="Venue Information">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Venue Name"
          error={errors.venueName?.message}
          {...register('venueName')}
        />
        <Controller
          control={control}
          name="description"
          render={({ field, fieldState }) => (
            <TextareaField
              label="Description"
              max={DESCRIPTION_MAX}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(value) => field.onChange(truncateDescription(value))}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {formatted('phone', 'Phone', PhoneField)}
        <TextField
          label="Street Address"
          autoComplete="street-address"
          error={errors.streetAddress?.message}
          {...register('streetAddress')}
        />
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
          <TextField
            label="City"
            autoComplete="address-level2"
            error={errors.city?.message}
            {...register('city')}
          />
          {formatted('state', 'State', StateField)}
          {formatted('zipCode', 'ZIP Code', ZipField)}
        </div>
        <SaveButton saving={saving} />
      </form>
    </SettingsSection>
  );
}
