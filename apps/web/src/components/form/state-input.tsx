import { formatStateInput, STATE_LENGTH } from '@encore/contract';
import { FormattedField, type FormattedFieldProps } from './formatted-input';

/** US state field: two letters, uppercased while typing: <StateField label="State" value onChange error />. */
export function StateField(props: FormattedFieldProps) {
  return (
    <FormattedField
      autoComplete="address-level1"
      autoCapitalize="characters"
      placeholder="NY"
      maxLength={STATE_LENGTH}
      {...props}
      format={formatStateInput}
    />
  );
}
