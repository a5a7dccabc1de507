import type {
  TFanProfileInput,
  TPerformerProfileInput,
  TRole,
  TVenueProfileInput,
} from '@encore/contract';
import { expect, type Page } from '@playwright/test';
import { type TestUser, uniqueUser } from './fixtures.ts';

export const fanProfile = (user: TestUser): TFanProfileInput => ({
  tagName: user.username,
  ageRange: '25-34',
  gender: 'prefer-not-to-say',
  email: user.email,
  phone: '(212) 555-0142',
  homeCity: 'Brooklyn',
  zipCode: '11211',
  preferredRadius: 25,
  smsOptIn: false,
  favoriteGenres: ['Rock', 'Indie'],
});

export const performerProfile = (user: TestUser): TPerformerProfileInput => ({
  artistName: `Night Static ${user.username}`,
  bio: 'Four-piece post-punk from Philadelphia.',
  genres: ['Rock'],
  email: user.email,
  phone: '(215) 555-0199',
  bookingAgentEmail: '',
  bookingAgentPhone: '',
  websiteUrl: '',
  spotifyUrl: '',
  instagramHandle: '',
  facebookPage: '',
  twitterHandle: '',
  tiktokHandle: '',
  youtubeChannel: '',
  yearsActive: 4,
  avgShowLength: '1 hour',
  typicalVenueCapacity: '100-500',
  currentlyTouring: true,
});

export const venueProfile = (user: TestUser): TVenueProfileInput => ({
  venueName: `The Lantern ${user.username}`,
  description: 'A 300-cap room with a great PA.',
  streetAddress: '12 Water Street',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  phone: '(312) 555-0110',
  email: user.email,
  maxCapacity: 300,
  venueType: 'club',
  websiteUrl: '',
  ageRestriction: '21+',
  bookingContactName: 'Dana Reyes',
  bookingEmail: `booking.${user.email}`,
  bookingPhone: '(312) 555-0111',
  bookingLeadTime: '1 month',
  typicalShowTime: '20:00',
  operatingDays: ['Friday', 'Saturday'],
  amenities: ['Stage', 'Sound System'],
});

const profiles = { fan: fanProfile, performer: performerProfile, venue: venueProfile };

/**
 * Signs up in the page's own browser context (so the page is signed in) and, unless told not
 * to, completes the role's profile through the API.
 */
export async function signedInUser(
  page: Page,
  role: TRole,
  options: { completeProfile?: boolean } = {},
): Promise<TestUser> {
  const user = uniqueUser(role);
  const signUp = await page.request.post('/api/account/sign-up', {
    data: { ...user, confirmPassword: user.password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  if (options.completeProfile !== false) {
    const saved = await page.request.put(`/api/profile/${role}`, { data: profiles[role](user) });
    expect(saved.status(), await saved.text()).toBe(200);
  }
  return user;
}

/** A venue signed in on `page`, in Chicago (venueProfile) unless `home` moves it; answers the page. */
export async function signedInVenue(
  page: Page,
  home?: { city: string; state: string; zipCode: string },
): Promise<Page> {
  const user = await signedInUser(page, 'venue');
  if (home) {
    const moved = await page.request.put('/api/profile/venue', {
      data: { ...venueProfile(user), ...home },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return page;
}

/** A town a journey keeps to itself, so that no other journey's request or show is near. */
export type Town = { city: string; state: string; zipCode: string };

/** Signs up a venue in the page's context, its profile saved in `town`. */
export async function venueIn(page: Page, town: Town): Promise<TestUser> {
  const venue = await signedInUser(page, 'venue', { completeProfile: false });
  const saved = await page.request.put('/api/profile/venue', {
    data: { ...venueProfile(venue), ...town },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return venue;
}

/** Signs up a fan in the page's context, at home in `town`. */
export async function fanIn(page: Page, town: Town): Promise<TestUser> {
  const fan = await signedInUser(page, 'fan', { completeProfile: false });
  const saved = await page.request.put('/api/profile/fan', {
    data: { ...fanProfile(fan), homeCity: town.city, zipCode: town.zipCode },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return fan;
}
