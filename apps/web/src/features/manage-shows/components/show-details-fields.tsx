import { GENRES } from '@encore/contract';
import { Controller, useFormContext } from 'react-hook-form';
import { MoneyField } from '@/components/form/money-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { ShowFormValues } from '../utils/show-form';
import { SupportingActsField } from './supporting-acts-field';

const GENRE_OPTIONS = [{ value: '', label: 'From the artist' }, ...GENRES];

/** Date, tickets, prices, line-up and genre: the fields the announce and edit forms share. */
export function ShowDetailsFields() {
  const { register, control, formState, watch } = useFormContext<ShowFormValues>();
  const { errors } = formState;
  const actsError = errors.supportingActs;
  return (
    <>
      <TextField
        label="Date and Time"
        type="datetime-local"
        required
        error={errors.startsAtLocal?.message}
        {...register('startsAtLocal')}
      />
      <TextField
        label="Ticket Link"
        type="url"
        inputMode="url"
        placeholder="https://"
        error={errors.ticketUrl?.message}
        {...register('ticketUrl')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <MoneyField
          label="Minimum Price"
          error={errors.priceMin?.message}
          {...register('priceMin')}
        />
        <MoneyField
          label="Maximum Price"
          error={errors.priceMax?.message}
          {...register('priceMax')}
        />
      </div>
      <TextField
        label="On-Sale Date and Time"
        type="datetime-local"
        error={errors.onSaleAtLocal?.message}
        {...register('onSaleAtLocal')}
      />
      <Controller
        control={control}
        name="supportingActs"
        render={({ field }) => (
          <SupportingActsField
            value={field.value}
            onChange={field.onChange}
            headlinerId={watch('performerId')}
            error={actsError?.message ?? actsError?.root?.message}
            actErrors={field.value.map((_, i) => {
              const act = actsError?.[i];
              return act?.message ?? act?.name?.message ?? act?.performerId?.message;
            })}
          />
        )}
      />
      <SelectField
        label="Genre"
        options={GENRE_OPTIONS}
        defaultValue={formState.defaultValues?.genre}
        error={errors.genre?.message}
        {...register('genre')}
      />
    </>
  );
}
