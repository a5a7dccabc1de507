import { formatPhoneInput } from '@encore/contract';
import { FormattedField, type FormattedFieldProps } from './formatted-input';

/** Phone field formatting to (XXX) XXX-XXXX while typing: <PhoneField label="Phone" value onChange error />. */
export function PhoneField(props: FormattedFieldProps) {
  return (
    <FormattedField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="(555) 123-4567"
      {...props}
      format={formatPhoneInput}
    />
  );
}
