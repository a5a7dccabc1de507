import {
  FAN_PLACE_DEFAULT_RADIUS,
  FAN_PLACE_LABELS as L,
  type TFanPlace,
  type TFanPlaceInput,
  type TFanPlaceValues,
  tripPastProblem,
  ZFanPlaceInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { RadiusSlider } from '@/components/form/radius-slider';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { reportRequestError } from '@/lib/report-request-error';
import { useSaveFanPlace } from '../api/save-fan-place';
import { SaveButton } from './save-button';

const FIELDS = ['near', 'radius', 'tripStart', 'tripEnd'] as const;
// An empty date input is no date: the schema (the server's too) takes null for "no trip".
const dateOrNull = (value: string | null) => (value ? value : null);

/** The browser's calendar day: the form's "not in the past" (the server reads the place's). */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Adds a place, or changes `place`: a city or ZIP (read by the server, which says when it knows no
 * such place), its radius, and optional trip dates. The contract's schema checks the form as the
 * server does; only "not in the past" needs a day, the browser's here.
 */
export function FanPlaceForm({ place, onDone }: { place: TFanPlace | null; onDone: () => void }) {
  const save = useSaveFanPlace();
  const { register, control, handleSubmit, setError, formState } = useForm<
    TFanPlaceInput,
    unknown,
    TFanPlaceValues
  >({
    resolver: zodResolver(ZFanPlaceInput),
    reValidateMode: 'onChange',
    defaultValues: {
      near: place ? (place.zipCode ?? place.label) : '',
      radius: place?.radius ?? FAN_PLACE_DEFAULT_RADIUS,
      tripStart: place?.tripStart ?? null,
      tripEnd: place?.tripEnd ?? null,
    },
  });
  const setField = (field: (typeof FIELDS)[number], message: string) =>
    setError(field, { type: 'server', message }, { shouldFocus: true });

  const onSubmit = handleSubmit(async (values) => {
    const past = tripPastProblem(values.tripEnd, localToday());
    if (past) return setField('tripEnd', past);
    try {
      await save.mutateAsync({ id: place?.id ?? null, place: values });
      toast.success(place ? L.updated : L.added);
      onDone();
    } catch (error) {
      reportRequestError(error, {
        title: 'Could not save the place',
        fields: { names: FIELDS, set: setField },
      });
    }
  });

  const errors = formState.errors;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={place ? `${L.edit} ${place.label}` : L.add}
      className="flex flex-col gap-4 rounded-xl border border-line p-4"
    >
      <TextField
        label={L.near}
        placeholder={L.nearPlaceholder}
        autoComplete="off"
        error={errors.near?.message}
        {...register('near')}
      />
      <Controller
        control={control}
        name="radius"
        render={({ field }) => (
          <RadiusSlider label={L.radius} value={field.value} onChange={field.onChange} />
        )}
      />
      {errors.radius?.message && (
        <p role="alert" className="text-sm text-danger">
          {errors.radius.message}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          label={L.tripStart}
          hint={L.tripHint}
          error={errors.tripStart?.message}
          {...register('tripStart', { setValueAs: dateOrNull })}
        />
        <TextField
          type="date"
          label={L.tripEnd}
          error={errors.tripEnd?.message}
          {...register('tripEnd', { setValueAs: dateOrNull })}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <SaveButton saving={save.isPending} label={L.save} />
        <Button type="button" variant="secondary" onClick={onDone}>
          {L.cancel}
        </Button>
      </div>
    </form>
  );
}
