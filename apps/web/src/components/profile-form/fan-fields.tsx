import type { TFanProfileInput } from '@encore/contract';
import { TextField } from '@/components/form/text-field';
import { useRegisteredField } from './form-bindings';

type FanName = keyof TFanProfileInput;

export function TagNameField() {
  const tagName = useRegisteredField('tagName' satisfies FanName);
  return <TextField label="Tag Name" autoComplete="nickname" {...tagName} />;
}

export function HomeCityField() {
  const homeCity = useRegisteredField('homeCity' satisfies FanName);
  return <TextField label="Home City" autoComplete="address-level2" {...homeCity} />;
}
