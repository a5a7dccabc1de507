import type {
  TFanProfileInput,
  TPerformerProfileInput,
  TVenueProfileInput,
} from '@encore/contract';
import { PhoneField } from '@/components/form/phone-input';
import { TextField } from '@/components/form/text-field';
import { useControlledTextField, useRegisteredField } from './form-bindings';

type PhoneName = Extract<
  keyof TFanProfileInput | keyof TPerformerProfileInput | keyof TVenueProfileInput,
  'phone' | 'bookingAgentPhone' | 'bookingPhone'
>;

/** The profile's contact email (every role has one); the venue's setup form calls it 'Venue Email'. */
export function EmailField({ label = 'Email', required }: { label?: string; required?: boolean }) {
  const email = useRegisteredField('email' satisfies keyof TFanProfileInput);
  return (
    <TextField label={label} required={required} type="email" autoComplete="email" {...email} />
  );
}

/**
 * A phone number of the profile, formatted as it is typed. The booking contacts' numbers are not
 * the user's own, so the browser is told not to fill them in (autoComplete 'off').
 */
export function ProfilePhoneField({
  name = 'phone',
  label = 'Phone',
  required,
  autoComplete,
}: {
  name?: PhoneName;
  label?: string;
  required?: boolean;
  autoComplete?: 'off';
}) {
  const phone = useControlledTextField(name);
  // Spread only when given: an explicit undefined would also drop PhoneField's default 'tel'.
  const fill = autoComplete ? { autoComplete } : {};
  return <PhoneField label={label} required={required} {...fill} {...phone} />;
}
