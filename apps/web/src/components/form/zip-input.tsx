import { formatZipInput } from '@encore/contract';
import { FormattedField, type FormattedFieldProps } from './formatted-input';

/** ZIP field keeping at most 5 digits while typing: <ZipField label="ZIP Code" value onChange error />. */
export function ZipField(props: FormattedFieldProps) {
  return (
    <FormattedField
      inputMode="numeric"
      autoComplete="postal-code"
      {...props}
      format={formatZipInput}
    />
  );
}
