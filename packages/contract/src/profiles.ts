import {
  BIO_MAX,
  DESCRIPTION_MAX,
  RADIUS_MAX_MILES,
  RADIUS_MIN_MILES,
  RADIUS_STEP_MILES,
  TAG_NAME_MAX,
  TAG_NAME_MIN,
  VENUE_CAPACITY_MAX,
  YEARS_ACTIVE_MAX,
  YEARS_ACTIVE_MIN,
} from './constants.ts';
import {
  AGE_RANGES,
  AGE_RESTRICTIONS,
  AMENITIES,
  BOOKING_LEAD_TIMES,
  DAYS_OF_WEEK,
  GENDERS,
  GENRES,
  SHOW_LENGTHS,
  US_STATES,
  VENUE_CAPACITY_RANGES,
  VENUE_TYPES,
} from './options.ts';
import { ZIP_PATTERN, zEmailField, zHandle, zOptional, zPhone, zWebUrl } from './profile-fields.ts';
import {
  FAN_MESSAGES as F,
  PERFORMER_MESSAGES as P,
  VENUE_MESSAGES as V,
  PROFILE_EXTRA_MESSAGES as X,
} from './profile-messages.ts';
import { zMultiLineText, zSingleLineText } from './text-fields.ts';
import { z } from './z.ts';

const zGenres = (message: string) =>
  z.array(z.enum(GENRES)).min(1, message).max(GENRES.length).refine(unique, 'Invalid input');

function unique(values: readonly string[]): boolean {
  return new Set(values).size === values.length;
}

/** The slider's radius, 10–100 mi in steps of 5: a fan's home and each of their places. */
export const zRadiusMiles = () =>
  z
    .number(X.radius)
    .int(X.radius)
    .min(RADIUS_MIN_MILES, X.radius)
    .max(RADIUS_MAX_MILES, X.radius)
    .multipleOf(RADIUS_STEP_MILES, X.radius);

/** Fan setup form and PUT /api/profile/fan (spec "Fan setup"). photoUrl is set by the upload. */
export const ZFanProfileInput = z.strictObject({
  tagName: zSingleLineText()
    .trim()
    .min(TAG_NAME_MIN, F.tagNameTooShort)
    .max(TAG_NAME_MAX, F.tagNameTooLong),
  ageRange: z.enum(AGE_RANGES, F.ageRange),
  gender: z.enum(GENDERS, F.gender),
  email: zEmailField(F.email),
  phone: zPhone(F.phone),
  homeCity: zSingleLineText().trim().min(2, F.homeCity).max(100, F.homeCity),
  zipCode: zSingleLineText().trim().regex(ZIP_PATTERN, F.zipCode),
  preferredRadius: zRadiusMiles(),
  smsOptIn: z.boolean(),
  favoriteGenres: zGenres(F.genres),
});
export type TFanProfileInput = z.input<typeof ZFanProfileInput>;
export type TFanProfileData = z.output<typeof ZFanProfileInput>;

/** Performer setup form and PUT /api/profile/performer (spec "Performer setup"). */
export const ZPerformerProfileInput = z.strictObject({
  artistName: zSingleLineText()
    .trim()
    .min(2, P.artistName)
    .max(100, 'Artist name must be less than 100 characters'),
  bio: zMultiLineText().max(BIO_MAX, P.bio),
  genres: zGenres(P.genres),
  email: zEmailField(P.email),
  phone: zPhone(P.phone),
  bookingAgentEmail: zOptional(zEmailField(P.email)),
  bookingAgentPhone: zOptional(zPhone(P.phone)),
  websiteUrl: zOptional(zWebUrl),
  spotifyUrl: zOptional(zWebUrl),
  instagramHandle: zOptional(zHandle),
  facebookPage: zOptional(zWebUrl),
  twitterHandle: zOptional(zHandle),
  tiktokHandle: zOptional(zHandle),
  youtubeChannel: zOptional(zWebUrl),
  yearsActive: z
    .number(P.yearsActive)
    .int(P.yearsActive)
    .min(YEARS_ACTIVE_MIN, P.yearsActive)
    .max(YEARS_ACTIVE_MAX, P.yearsActive),
  avgShowLength: z.enum(SHOW_LENGTHS),
  typicalVenueCapacity: z.enum(VENUE_CAPACITY_RANGES),
  currentlyTouring: z.boolean(),
});
export type TPerformerProfileInput = z.input<typeof ZPerformerProfileInput>;

/** A performer with no social links: the setup form's start and the demo's performers. */
export const NO_SOCIAL_LINKS = {
  spotifyUrl: '',
  instagramHandle: '',
  facebookPage: '',
  twitterHandle: '',
  tiktokHandle: '',
  youtubeChannel: '',
} as const satisfies Partial<TPerformerProfileInput>;
export type TPerformerProfileData = z.output<typeof ZPerformerProfileInput>;

/** Venue setup form and PUT /api/profile/venue (spec "Venue setup", checked on submit). */
export const ZVenueProfileInput = z.strictObject({
  venueName: zSingleLineText()
    .trim()
    .min(2, V.venueName)
    .max(120, 'Venue name must be less than 120 characters'),
  description: zMultiLineText().max(DESCRIPTION_MAX, V.description),
  streetAddress: zSingleLineText().trim().min(5, V.streetAddress).max(200, V.streetAddress),
  city: zSingleLineText().trim().min(2, V.city).max(100, V.city),
  state: zSingleLineText()
    .trim()
    .min(2, V.state)
    .refine(
      (value) => value.length < 2 || (US_STATES as readonly string[]).includes(value),
      X.state,
    ),
  zipCode: zSingleLineText().trim().regex(ZIP_PATTERN, V.zipCode),
  phone: zPhone(V.phone),
  email: zEmailField(V.email),
  maxCapacity: z
    .number(V.capacity)
    .int(V.capacity)
    .min(1, V.capacity)
    .max(VENUE_CAPACITY_MAX, X.capacityTooLarge),
  venueType: z.enum(VENUE_TYPES),
  websiteUrl: zOptional(zWebUrl),
  ageRestriction: z.enum(AGE_RESTRICTIONS),
  bookingContactName: zSingleLineText()
    .trim()
    .min(2, V.bookingContactName)
    .max(100, V.bookingContactName),
  bookingEmail: zEmailField(V.bookingEmail),
  bookingPhone: zPhone(V.phone),
  bookingLeadTime: z.enum(BOOKING_LEAD_TIMES),
  typicalShowTime: zSingleLineText().regex(/^([01]\d|2[0-3]):[0-5]\d$/, X.showTime),
  operatingDays: z.array(z.enum(DAYS_OF_WEEK)).min(1, V.days).refine(unique, 'Invalid input'),
  amenities: z.array(z.enum(AMENITIES)).refine(unique, 'Invalid input'),
});
export type TVenueProfileInput = z.input<typeof ZVenueProfileInput>;
export type TVenueProfileData = z.output<typeof ZVenueProfileInput>;

/**
 * Settings tabs edit a subset of a saved profile: PATCH takes any non-empty part of it. A fan's
 * home is the ZIP alone there: the server names its city (and state) from the ZIP, so the city
 * alerts name can never disagree with the place they measure from (a city in the body is a 400).
 * A fan's email is the account's: it changes only through a confirmation link
 * (ZEmailChangeRequest), never by PATCH. Performers' and venues' emails are contact addresses.
 */
export const ZFanProfilePatch = ZFanProfileInput.omit({ homeCity: true, email: true })
  .partial()
  .refine(nonEmpty, 'Nothing to save');
export type TFanProfilePatch = z.output<typeof ZFanProfilePatch>;
export const ZPerformerProfilePatch = ZPerformerProfileInput.partial().refine(
  nonEmpty,
  'Nothing to save',
);
export const ZVenueProfilePatch = ZVenueProfileInput.partial().refine(nonEmpty, 'Nothing to save');

function nonEmpty(value: object): boolean {
  return Object.keys(value).length > 0;
}

/** What GET /api/profile/<role> returns: the saved profile plus derived fields. */
export const ZFanProfile = ZFanProfileInput.extend({
  /** The home ZIP's state ('NY'), derived on the server like the city settings save. */
  homeState: z.string(),
  photoUrl: z.string().nullable(),
  phoneVerified: z.boolean(),
  updatedAt: z.string(),
});
export type TFanProfile = z.infer<typeof ZFanProfile>;
export const ZPerformerProfile = z.object({
  ...ZPerformerProfileInput.shape,
  bookingAgentEmail: z.string().nullable(),
  bookingAgentPhone: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  spotifyUrl: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  facebookPage: z.string().nullable(),
  twitterHandle: z.string().nullable(),
  tiktokHandle: z.string().nullable(),
  youtubeChannel: z.string().nullable(),
  photoUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type TPerformerProfile = z.infer<typeof ZPerformerProfile>;
export const ZVenueProfile = z.object({
  ...ZVenueProfileInput.shape,
  websiteUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type TVenueProfile = z.infer<typeof ZVenueProfile>;

export const ZFanProfileResponse = z.object({ profile: ZFanProfile.nullable() });
export const ZPerformerProfileResponse = z.object({ profile: ZPerformerProfile.nullable() });
export const ZVenueProfileResponse = z.object({ profile: ZVenueProfile.nullable() });
