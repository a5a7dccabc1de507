import {
  type TVenueProfile,
  type TVenueProfileInput,
  VENUE_CAPACITY_DEFAULT,
  ZVenueProfileInput,
} from '@encore/contract';

export type VenueFormValues = TVenueProfileInput;

export const VENUE_FIELDS = Object.keys(ZVenueProfileInput.shape) as (keyof VenueFormValues)[];

export const VENUE_TYPE_LABELS: Record<TVenueProfileInput['venueType'], string> = {
  club: 'Club',
  theater: 'Theater',
  arena: 'Arena',
  stadium: 'Stadium',
  bar: 'Bar',
  restaurant: 'Restaurant',
  outdoor: 'Outdoor',
  other: 'Other',
};

export const AGE_RESTRICTION_LABELS: Record<TVenueProfileInput['ageRestriction'], string> = {
  'all-ages': 'All Ages',
  '18+': '18+',
  '21+': '21+',
};

/** Spec defaults (capacity 100, club, 21+, '1 month', 20:00), or the saved profile. */
export function venueDefaults(
  profile: TVenueProfile | null,
  accountEmail: string,
): VenueFormValues {
  if (profile) {
    const { photoUrl: _photo, updatedAt: _updated, ...saved } = profile;
    return { ...saved, websiteUrl: saved.websiteUrl ?? '' };
  }
  return {
    venueName: '',
    description: '',
    venueType: 'club',
    websiteUrl: '',
    ageRestriction: '21+',
    phone: '',
    email: accountEmail,
    streetAddress: '',
    city: '',
    state: '',
    zipCode: '',
    maxCapacity: VENUE_CAPACITY_DEFAULT,
    amenities: [],
    bookingContactName: '',
    bookingEmail: '',
    bookingPhone: '',
    bookingLeadTime: '1 month',
    operatingDays: [],
    typicalShowTime: '20:00',
  };
}
