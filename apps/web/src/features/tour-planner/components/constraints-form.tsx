import { TOUR_REGION_NAMES, type TTourConstraints } from '@encore/contract';
import { Plus, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DayPicker } from '@/components/form/day-picker';
import { FormField } from '@/components/form/form-field';
import { TextField } from '@/components/form/text-field';
import { ToggleChips } from '@/components/form/toggle-chips';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import {
  type ConstraintErrors,
  type ConstraintsDraft,
  readDraft,
  toDraft,
} from '../utils/constraints-draft';

interface ConstraintsFormProps {
  /** What the form starts from: the plan's resolved constraints (or none after a failed prompt). */
  initial: TTourConstraints;
  /** The server's words for a field (a 422 names the constraint it could not meet). */
  serverErrors: ConstraintErrors;
  pending: boolean;
  onSubmit: (constraints: TTourConstraints) => void;
  onCancel?: () => void;
}

/** Every constraint the planner reads, to correct what it understood and plan again. */
export function ConstraintsForm({
  initial,
  serverErrors,
  pending,
  onSubmit,
  onCancel,
}: ConstraintsFormProps) {
  const [draft, setDraft] = useState<ConstraintsDraft>(() => toDraft(initial));
  const [localErrors, setLocalErrors] = useState<ConstraintErrors>({});
  const form = useRef<HTMLFormElement>(null);
  const errors = { ...serverErrors, ...localErrors };
  const set = <K extends keyof ConstraintsDraft>(key: K, value: ConstraintsDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const text = (
    key: Exclude<keyof ConstraintsDraft, 'regions' | 'fixedDates' | 'weekdaysOff'>,
  ) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    error: errors[key],
  });

  // A field the server (or the check below) refused gets the focus, so its message is read.
  useEffect(() => {
    if (Object.keys(serverErrors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readDraft(draft);
    if (!read.ok) {
      setLocalErrors(read.errors);
      requestAnimationFrame(() =>
        form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setLocalErrors({});
    onSubmit(read.constraints);
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-label="Correct what I understood"
      className="flex flex-col gap-4"
    >
      <ToggleChips
        label="Regions"
        options={TOUR_REGION_NAMES}
        value={draft.regions}
        onChange={(v) => set('regions', v as ConstraintsDraft['regions'])}
        error={errors.regions}
      />
      <TextField label="States" hint="State codes, such as NY, MA" {...text('states')} />
      <FormField label="Cities" hint="One a line, such as Boston, MA" error={errors.cities}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={draft.cities}
            onChange={(e) => set('cities', e.target.value)}
          />
        )}
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="First date" type="date" {...text('startDate')} />
        <TextField label="Last date" type="date" {...text('endDate')} />
        <TextField label="Number of dates" inputMode="numeric" {...text('dateCount')} />
        <TextField label="Most miles a day" inputMode="numeric" {...text('maxDriveMiles')} />
        <TextField label="Smallest capacity" inputMode="numeric" {...text('capacityMin')} />
        <TextField label="Largest capacity" inputMode="numeric" {...text('capacityMax')} />
      </div>
      <FixedDates
        rows={draft.fixedDates}
        onChange={(rows) => set('fixedDates', rows)}
        error={errors.fixedDates}
      />
      <TextField
        label="Days off"
        hint="Dates, such as 2027-03-10, 2027-03-17"
        {...text('daysOff')}
      />
      <DayPicker
        label="Weekdays off"
        value={draft.weekdaysOff}
        onChange={(v) => set('weekdaysOff', v as ConstraintsDraft['weekdaysOff'])}
        error={errors.weekdaysOff}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {pending && <Spinner />}
          {pending ? 'Processing...' : 'Plan again'}
        </Button>
      </div>
    </form>
  );
}

interface FixedDatesProps {
  rows: ConstraintsDraft['fixedDates'];
  onChange: (rows: ConstraintsDraft['fixedDates']) => void;
  error?: string;
}

/** "Must play Chicago on April 12": a date and a city a row. */
function FixedDates({ rows, onChange, error }: FixedDatesProps) {
  const update = (index: number, change: Partial<ConstraintsDraft['fixedDates'][number]>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset
      className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
      aria-describedby={error ? 'fixed-dates-error' : undefined}
    >
      <legend className="mb-2 p-0 text-sm font-medium">Fixed dates</legend>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className="flex flex-wrap items-end gap-2">
          <Input
            type="date"
            aria-label={`Fixed date ${index + 1}`}
            aria-invalid={Boolean(error)}
            value={row.date}
            onChange={(e) => update(index, { date: e.target.value })}
            className="w-auto min-w-0 flex-1"
          />
          <Input
            aria-label={`City for fixed date ${index + 1}`}
            placeholder="Chicago, IL"
            value={row.place}
            onChange={(e) => update(index, { place: e.target.value })}
            className="min-w-0 flex-[2]"
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove fixed date ${index + 1}`}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        className="self-start"
        onClick={() => onChange([...rows, { date: '', place: '' }])}
      >
        <Plus aria-hidden className="size-4" />
        Add a fixed date
      </Button>
      <FieldError id="fixed-dates-error" message={error} />
    </fieldset>
  );
}
