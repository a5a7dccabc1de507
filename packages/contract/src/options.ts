/** Option lists from the spec (section 3, "Option lists"), in the spec's order. */
export const AGE_RANGES = ['13-17', '18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export const GENDERS = ['male', 'female', 'other', 'prefer-not-to-say'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
  'prefer-not-to-say': 'Prefer not to say',
};
export const GENRES = [
  'Rock',
  'Pop',
  'Hip-Hop',
  'EDM',
  'Country',
  'Jazz',
  'Metal',
  'Indie',
  'Alternative',
  'R&B',
  'Classical',
  'Other',
] as const;
export const SHOW_LENGTHS = [
  '30 min',
  '45 min',
  '1 hour',
  '1.5 hours',
  '2 hours',
  '2+ hours',
] as const;
export const VENUE_CAPACITY_RANGES = [
  '< 100',
  '100-500',
  '500-1000',
  '1000-5000',
  '5000+',
] as const;
export const VENUE_TYPES = [
  'club',
  'theater',
  'arena',
  'stadium',
  'bar',
  'restaurant',
  'outdoor',
  'other',
] as const;
export const AGE_RESTRICTIONS = ['all-ages', '18+', '21+'] as const;
export const BOOKING_LEAD_TIMES = [
  '1 week',
  '2 weeks',
  '1 month',
  '2 months',
  '3+ months',
] as const;
export const DAYS_OF_WEEK = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const AMENITIES = ['Stage', 'Sound System', 'Lighting', 'Green Room', 'Parking'] as const;
export const PROFILE_VISIBILITIES = ['public', 'friends', 'private'] as const;
export const PROFILE_VISIBILITY_LABELS: Record<(typeof PROFILE_VISIBILITIES)[number], string> = {
  public: 'Public',
  friends: 'Friends Only',
  private: 'Private',
};

/** The 50 states plus DC: a venue's state must be one of them (ZIP lookups are US-only). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
