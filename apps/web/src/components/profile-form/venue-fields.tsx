import {
  DESCRIPTION_MAX,
  type TVenueProfileInput,
  truncateDescription,
  VENUE_CAPACITY_MAX,
} from '@encore/contract';
import { StateField } from '@/components/form/state-input';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ZipField } from '@/components/form/zip-input';
import { ProfilePhoneField } from './contact-fields';
import { useControlledTextField, useRegisteredField } from './form-bindings';

type VenueName = keyof TVenueProfileInput;

/** The setup form lets the browser fill it in as an organisation name. */
export function VenueNameField({ autoComplete }: { autoComplete?: 'organization' }) {
  const venueName = useRegisteredField('venueName' satisfies VenueName);
  return <TextField label="Venue Name" autoComplete={autoComplete} {...venueName} />;
}

/** Cut at 500 characters as it is typed or pasted (spec), with the live counter. */
export function VenueDescriptionField({ placeholder }: { placeholder?: string }) {
  const { onChange, ...description } = useControlledTextField('description' satisfies VenueName);
  return (
    <TextareaField
      label="Description"
      max={DESCRIPTION_MAX}
      placeholder={placeholder}
      {...description}
      onChange={(value) => onChange(truncateDescription(value))}
    />
  );
}

export function VenueWebsiteField() {
  const website = useRegisteredField('websiteUrl' satisfies VenueName);
  return <TextField label="Website" type="url" placeholder="https://" {...website} />;
}

/**
 * Street, then city, state and ZIP on one row from tablet width up. `gap` matches the spacing of
 * the card around it (setup cards are roomier than settings cards).
 */
export function VenueAddressFields({ gap }: { gap: 'gap-4' | 'gap-5' }) {
  const street = useRegisteredField('streetAddress' satisfies VenueName);
  const city = useRegisteredField('city' satisfies VenueName);
  const state = useControlledTextField('state' satisfies VenueName);
  const zipCode = useControlledTextField('zipCode' satisfies VenueName);
  return (
    <>
      <TextField label="Street Address" autoComplete="street-address" {...street} />
      <div
        className={
          gap === 'gap-5'
            ? 'grid gap-5 sm:grid-cols-[2fr_1fr_1fr]'
            : 'grid gap-4 sm:grid-cols-[2fr_1fr_1fr]'
        }
      >
        <TextField label="City" autoComplete="address-level2" {...city} />
        <StateField label="State" {...state} />
        <ZipField label="ZIP Code" {...zipCode} />
      </div>
    </>
  );
}

/** Who books the venue's shows and how to reach them. */
export function VenueBookingContactFields() {
  const contactName = useRegisteredField('bookingContactName' satisfies VenueName);
  const email = useRegisteredField('bookingEmail' satisfies VenueName);
  return (
    <>
      <TextField label="Booking Contact Name" autoComplete="name" {...contactName} />
      <TextField label="Booking Email" type="email" {...email} />
      <ProfilePhoneField name="bookingPhone" label="Booking Phone" autoComplete="off" />
    </>
  );
}

/** Max capacity as typed: a blank or non-number stays NaN, which the schema reports. */
export function parseCapacity(raw: unknown): number {
  const text = String(raw).trim();
  return text === '' ? Number.NaN : Number(text);
}

/** The setup form also gives the number input its upper bound. */
export function MaxCapacityField({ withMax }: { withMax?: boolean }) {
  const capacity = useRegisteredField('maxCapacity' satisfies VenueName, {
    setValueAs: parseCapacity,
  });
  return (
    <TextField
      label="Max Capacity"
      type="number"
      inputMode="numeric"
      min={1}
      max={withMax ? VENUE_CAPACITY_MAX : undefined}
      {...capacity}
    />
  );
}
