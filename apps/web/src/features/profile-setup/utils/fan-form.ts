import {
  RADIUS_DEFAULT_MILES,
  type TFanProfile,
  type TFanProfileData,
  type TFanProfileInput,
  ZFanProfileInput,
} from '@encore/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

/** The fan form's values: selects start empty ('') until the fan picks an option. */
export type FanFormValues = Omit<TFanProfileInput, 'ageRange' | 'gender'> & {
  ageRange: TFanProfileInput['ageRange'] | '';
  gender: TFanProfileInput['gender'] | '';
};

export const FAN_FIELDS = Object.keys(ZFanProfileInput.shape) as (keyof FanFormValues)[];

// The schema's input type has no '' for the selects; the schema rejects '' with the spec message.
export const fanResolver = zodResolver(ZFanProfileInput) as unknown as Resolver<
  FanFormValues,
  unknown,
  TFanProfileData
>;

/** A new fan's form (email from the account), or the saved profile when there is one. */
export function fanDefaults(profile: TFanProfile | null, accountEmail: string): FanFormValues {
  if (profile) {
    const {
      photoUrl: _photo,
      phoneVerified: _verified,
      updatedAt: _updated,
      homeState: _state,
      ...saved
    } = profile;
    return saved;
  }
  return {
    tagName: '',
    ageRange: '',
    gender: '',
    email: accountEmail,
    phone: '',
    homeCity: '',
    zipCode: '',
    preferredRadius: RADIUS_DEFAULT_MILES,
    smsOptIn: false,
    favoriteGenres: [],
  };
}
