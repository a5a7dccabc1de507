import { Controller, useFormContext } from 'react-hook-form';
import { CheckboxField } from '@/components/form/checkbox-field';
import { StateField } from '@/components/form/state-input';
import { TextField } from '@/components/form/text-field';
import { ZipField } from '@/components/form/zip-input';
import type { ShowFormValues } from '../utils/show-form';
import { DirectoryCombobox } from './directory-combobox';

/**
 * Who plays where: a venue picks the performer; a performer picks a venue on Encore or, with
 * 'Venue not on Encore', names one with its address.
 */
export function ShowPartyFields({ role }: { role: 'performer' | 'venue' }) {
  const { register, control, setValue, watch, formState } = useFormContext<ShowFormValues>();
  const { errors } = formState;
  const external = watch('externalVenueOn');
  // After a first submit, choosing (or un-choosing) re-checks the field, as typing does elsewhere.
  const revalidate = { shouldValidate: formState.isSubmitted };

  if (role === 'venue') {
    return (
      <DirectoryCombobox
        label="Performer"
        kind="performers"
        onSelect={(entry) => setValue('performerId', entry?.id ?? '', revalidate)}
        error={errors.performerId?.message}
      />
    );
  }

  const addressField = (name: 'state' | 'zipCode', label: string, Field: typeof StateField) => (
    <Controller
      control={control}
      name={`externalVenue.${name}`}
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
    <>
      {!external && (
        <DirectoryCombobox
          label="Venue"
          kind="venues"
          onSelect={(entry) => setValue('venueId', entry?.id ?? '', revalidate)}
          error={errors.venueId?.message}
        />
      )}
      <CheckboxField label="Venue not on Encore" {...register('externalVenueOn')} />
      {external && (
        <>
          <TextField
            label="Venue Name"
            error={errors.externalVenue?.name?.message}
            {...register('externalVenue.name')}
          />
          <TextField
            label="Street Address"
            autoComplete="street-address"
            error={errors.externalVenue?.streetAddress?.message}
            {...register('externalVenue.streetAddress')}
          />
          <div className="grid gap-5 sm:grid-cols-[2fr_1fr_1fr]">
            <TextField
              label="City"
              autoComplete="address-level2"
              error={errors.externalVenue?.city?.message}
              {...register('externalVenue.city')}
            />
            {addressField('state', 'State', StateField)}
            {addressField('zipCode', 'ZIP Code', ZipField)}
          </div>
        </>
      )}
    </>
  );
}
