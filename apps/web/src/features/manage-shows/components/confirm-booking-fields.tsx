import { MoneyField } from '@/components/form/money-field';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { ConfirmBookingDraft, ConfirmErrors } from '../utils/confirm-booking-form';

interface ConfirmBookingFieldsProps {
  draft: ConfirmBookingDraft;
  errors: ConfirmErrors;
  genres: readonly string[];
  onChange: (patch: Partial<ConfirmBookingDraft>) => void;
}

/** Start time, genre, ticket link and prices: what the show needs beyond the request's night. */
export function ConfirmBookingFields({
  draft,
  errors,
  genres,
  onChange,
}: ConfirmBookingFieldsProps) {
  return (
    <>
      <TextField
        label="Start Time"
        type="time"
        required
        value={draft.startTime}
        error={errors.startTime}
        onChange={(event) => onChange({ startTime: event.target.value })}
      />
      <SelectField
        label="Genre"
        required
        options={genres}
        placeholder={genres.length > 1 ? 'Select a genre' : undefined}
        value={draft.genre}
        error={errors.genre}
        onChange={(event) => onChange({ genre: event.target.value })}
      />
      <TextField
        label="Ticket Link"
        type="url"
        inputMode="url"
        placeholder="https://"
        value={draft.ticketUrl}
        error={errors.ticketUrl}
        onChange={(event) => onChange({ ticketUrl: event.target.value })}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <MoneyField
          label="Minimum Price"
          value={draft.priceMin}
          error={errors.priceMin}
          onChange={(event) => onChange({ priceMin: event.target.value })}
        />
        <MoneyField
          label="Maximum Price"
          value={draft.priceMax}
          error={errors.priceMax}
          onChange={(event) => onChange({ priceMax: event.target.value })}
        />
      </div>
    </>
  );
}
