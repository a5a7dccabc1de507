import { formatStateInput, US_STATE_NAMES } from '@encore/contract';
import { FormattedField, type FormattedFieldProps } from './formatted-input';

const stateName = (code: string) =>
  Object.hasOwn(US_STATE_NAMES, code) ? US_STATE_NAMES[code as keyof typeof US_STATE_NAMES] : null;

/**
 * US state field: <StateField label="State" value onChange error />. Takes the two-letter code or the
 * state's name ('new york' becomes NY) and names the state it holds under the input, so the code
 * stored is the state the user meant. No maxLength: a name is longer than a code (formatStateInput).
 */
export function StateField({ hint, ...props }: FormattedFieldProps) {
  const name = stateName(props.value);
  return (
    <FormattedField
      autoComplete="address-level1"
      autoCapitalize="characters"
      placeholder="NY"
      hint={hint ?? (name && !props.error ? name : undefined)}
      {...props}
      format={formatStateInput}
    />
  );
}
