import type { ComponentProps } from 'react';
import { CheckboxField } from './checkbox-field';

/** On/off switch (a native checkbox with role="switch"): <SwitchField label="Currently Touring" {...register('currentlyTouring')} />. */
export function SwitchField(props: Omit<ComponentProps<typeof CheckboxField>, 'variant'>) {
  return <CheckboxField {...props} variant="switch" />;
}
