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
  VENUE_CAPACITY_MAX,
  VENUE_CAPACITY_RANGES,
  VENUE_TYPES,
} from '@encore/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { allOf, lengthBetween, oneOf } from './checks.ts';

/**
 * One profile per user, keyed by the user: the JS property names are the contract's field names,
 * so a row maps onto the API shape without renaming. The CHECKs mirror the contract's option
 * lists and bounds, so no other writer can store what the API would refuse. Coordinates are
 * derived from the ZIP on every save (alert matching and the tour planner read them).
 */
const userId = () =>
  text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const phone = (name: string) => text(name).notNull();
const phoneCheck = (name: string, column: Parameters<typeof oneOf>[0]) =>
  check(name, sql`${column} ~ '^\\(\\d{3}\\) \\d{3}-\\d{4}$'`);
const zipCheck = (name: string, column: Parameters<typeof oneOf>[0]) =>
  check(name, sql`${column} ~ '^\\d{5}$'`);

type Of<T extends readonly string[]> = T[number];

export const fanProfile = pgTable(
  'fan_profiles',
  {
    userId: userId(),
    tagName: text('tag_name').notNull(),
    ageRange: text('age_range').$type<Of<typeof AGE_RANGES>>().notNull(),
    gender: text('gender').$type<Of<typeof GENDERS>>().notNull(),
    email: text('email').notNull(),
    phone: phone('phone'),
    homeCity: text('home_city').notNull(),
    zipCode: text('zip_code').notNull(),
    preferredRadius: integer('preferred_radius').notNull(),
    smsOptIn: boolean('sms_opt_in').notNull(),
    favoriteGenres: text('favorite_genres').array().$type<Of<typeof GENRES>[]>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ...timestamps,
  },
  (t) => [
    check('fan_profiles_tag_name_check', lengthBetween(t.tagName, 3, 30)),
    check('fan_profiles_age_range_check', oneOf(t.ageRange, AGE_RANGES)),
    check('fan_profiles_gender_check', oneOf(t.gender, GENDERS)),
    phoneCheck('fan_profiles_phone_check', t.phone),
    zipCheck('fan_profiles_zip_code_check', t.zipCode),
    check(
      'fan_profiles_radius_check',
      sql`${t.preferredRadius} between 10 and 100 and ${t.preferredRadius} % 5 = 0`,
    ),
    // The alert matcher finds the fans within reach of a venue with earth_box over this index.
    index('fan_profiles_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
    // The fans of a performer's genres (an artist message's opted-in genre fans, decision 045),
    // when they are fewer than the fans who opted in.
    index('fan_profiles_genres_idx').using('gin', t.favoriteGenres),
    check(
      'fan_profiles_genres_check',
      sql`cardinality(${t.favoriteGenres}) >= 1 and ${allOf(t.favoriteGenres, GENRES)}`,
    ),
  ],
);

export const performerProfile = pgTable(
  'performer_profiles',
  {
    userId: userId(),
    artistName: text('artist_name').notNull(),
    bio: text('bio').notNull(),
    genres: text('genres').array().$type<Of<typeof GENRES>[]>().notNull(),
    email: text('email').notNull(),
    phone: phone('phone'),
    bookingAgentEmail: text('booking_agent_email'),
    bookingAgentPhone: text('booking_agent_phone'),
    websiteUrl: text('website_url'),
    spotifyUrl: text('spotify_url'),
    instagramHandle: text('instagram_handle'),
    facebookPage: text('facebook_page'),
    twitterHandle: text('twitter_handle'),
    tiktokHandle: text('tiktok_handle'),
    youtubeChannel: text('youtube_channel'),
    yearsActive: integer('years_active').notNull(),
    avgShowLength: text('avg_show_length').$type<Of<typeof SHOW_LENGTHS>>().notNull(),
    typicalVenueCapacity: text('typical_venue_capacity')
      .$type<Of<typeof VENUE_CAPACITY_RANGES>>()
      .notNull(),
    currentlyTouring: boolean('currently_touring').notNull(),
    ...timestamps,
  },
  (t) => [
    check('performer_profiles_bio_check', sql`char_length(${t.bio}) <= 500`),
    // The booking directory searches names with ILIKE '%…%', which only a trigram index serves.
    index('performer_profiles_name_trgm_idx').using('gin', sql`${t.artistName} gin_trgm_ops`),
    // A genre's page finds its artists with `genres @> array[genre]`, which a GIN index serves.
    index('performer_profiles_genres_idx').using('gin', t.genres),
    check(
      'performer_profiles_genres_check',
      sql`cardinality(${t.genres}) >= 1 and ${allOf(t.genres, GENRES)}`,
    ),
    phoneCheck('performer_profiles_phone_check', t.phone),
    check('performer_profiles_years_active_check', sql`${t.yearsActive} between 0 and 100`),
    check('performer_profiles_show_length_check', oneOf(t.avgShowLength, SHOW_LENGTHS)),
    check(
      'performer_profiles_venue_capacity_check',
      oneOf(t.typicalVenueCapacity, VENUE_CAPACITY_RANGES),
    ),
  ],
);

export const venueProfile = pgTable(
  'venue_profiles',
  {
    userId: userId(),
    venueName: text('venue_name').notNull(),
    description: text('description').notNull(),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    phone: phone('phone'),
    email: text('email').notNull(),
    maxCapacity: integer('max_capacity').notNull(),
    venueType: text('venue_type').$type<Of<typeof VENUE_TYPES>>().notNull(),
    websiteUrl: text('website_url'),
    ageRestriction: text('age_restriction').$type<Of<typeof AGE_RESTRICTIONS>>().notNull(),
    bookingContactName: text('booking_contact_name').notNull(),
    bookingEmail: text('booking_email').notNull(),
    bookingPhone: text('booking_phone').notNull(),
    bookingLeadTime: text('booking_lead_time').$type<Of<typeof BOOKING_LEAD_TIMES>>().notNull(),
    // 'HH:MM' as the form's time input gives it; the venue's own local time, no zone.
    typicalShowTime: text('typical_show_time').notNull(),
    operatingDays: text('operating_days').array().$type<Of<typeof DAYS_OF_WEEK>[]>().notNull(),
    amenities: text('amenities').array().$type<Of<typeof AMENITIES>[]>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    ...timestamps,
  },
  (t) => [
    check('venue_profiles_description_check', sql`char_length(${t.description}) <= 500`),
    index('venue_profiles_name_trgm_idx').using('gin', sql`${t.venueName} gin_trgm_ops`),
    check('venue_profiles_state_check', oneOf(t.state, US_STATES)),
    zipCheck('venue_profiles_zip_code_check', t.zipCode),
    phoneCheck('venue_profiles_phone_check', t.phone),
    phoneCheck('venue_profiles_booking_phone_check', t.bookingPhone),
    check(
      'venue_profiles_capacity_check',
      sql`${t.maxCapacity} between 1 and ${sql.raw(String(VENUE_CAPACITY_MAX))}`,
    ),
    check('venue_profiles_type_check', oneOf(t.venueType, VENUE_TYPES)),
    check('venue_profiles_age_restriction_check', oneOf(t.ageRestriction, AGE_RESTRICTIONS)),
    check('venue_profiles_lead_time_check', oneOf(t.bookingLeadTime, BOOKING_LEAD_TIMES)),
    check(
      'venue_profiles_show_time_check',
      sql`${t.typicalShowTime} ~ '^([01]\\d|2[0-3]):[0-5]\\d$'`,
    ),
    check(
      'venue_profiles_days_check',
      sql`cardinality(${t.operatingDays}) >= 1 and ${allOf(t.operatingDays, DAYS_OF_WEEK)}`,
    ),
    check('venue_profiles_amenities_check', allOf(t.amenities, AMENITIES)),
  ],
);
