import type { TFanProfileInput } from '@encore/contract';
import type { ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { GenrePicker } from '@/components/form/genre-picker';
import { RadiusSlider } from '@/components/form/radius-slider';
import { TextField } from '@/components/form/text-field';
import { ZipField } from '@/components/form/zip-input';
import { useControlledTextField, useRegisteredField } from './form-bindings';

type FanName = keyof TFanProfileInput;

export function TagNameField() {
  const tagName = useRegisteredField('tagName' satisfies FanName);
  return <TextField label="Tag Name" autoComplete="nickname" {...tagName} />;
}

export function HomeCityField() {
  const homeCity = useRegisteredField('homeCity' satisfies FanName);
  return <TextField label="Home City" autoComplete="address-level2" {...homeCity} />;
}

/** The home ZIP, the place new shows are matched around; `hint` is read with the input. */
export function HomeZipField({ hint }: { hint?: ReactNode }) {
  const zipCode = useControlledTextField('zipCode' satisfies FanName);
  return <ZipField label="ZIP Code" hint={hint} {...zipCode} />;
}

/** The concert radius slider (10–100 miles, step 5, as the contract's rule). */
export function RadiusField() {
  const { field } = useController({ name: 'preferredRadius' satisfies FanName });
  return <RadiusSlider value={field.value as number} onChange={field.onChange} />;
}

/**
 * The favourite genres as chips. Setup names a missing choice in its toast (the spec's), so it
 * leaves the line under the chips out; settings shows it there.
 */
export function FavoriteGenresField({
  label,
  showError = true,
}: {
  label: string;
  showError?: boolean;
}) {
  const { field, fieldState } = useController({ name: 'favoriteGenres' satisfies FanName });
  return (
    <GenrePicker
      label={label}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      error={showError ? fieldState.error?.message : undefined}
    />
  );
}
