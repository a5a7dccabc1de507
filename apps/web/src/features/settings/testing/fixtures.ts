import type {
  TAccountSecurity,
  TEmailChangeState,
  TFanSettings,
  TPerformerProfile,
} from '@encore/contract';
import { fanProfile } from '@/testing/profile-fixtures';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

/** The profiles the settings pages edit: the shared fixtures (testing/profile-fixtures.ts). */
export { fanProfile, venueProfile } from '@/testing/profile-fixtures';

export const fanSettings = (): TFanSettings => ({
  notifications: {
    push: true,
    email: true,
    sms: false,
    newShows: true,
    ticketSales: true,
    priceDrops: false,
    lineupChanges: true,
    genreAlerts: 'instant',
    showPals: true,
    showPalsEmail: true,
    artistMessages: true,
    artistMessagesFromGenres: false,
  },
  privacy: { visibility: 'friends', showAttendance: true, allowFriendRequests: false },
});

export const performerProfile = (
  overrides: Partial<TPerformerProfile> = {},
): TPerformerProfile => ({
  artistName: 'The Owls',
  bio: 'Loud and late.',
  genres: ['Rock'],
  email: 'band@example.test',
  phone: '(555) 222-3333',
  bookingAgentEmail: null,
  bookingAgentPhone: null,
  websiteUrl: 'https://owls.example.com',
  spotifyUrl: null,
  instagramHandle: null,
  facebookPage: null,
  twitterHandle: null,
  tiktokHandle: null,
  youtubeChannel: null,
  yearsActive: 4,
  avgShowLength: '1 hour',
  typicalVenueCapacity: '100-500',
  currentlyTouring: false,
  photoUrl: null,
  updatedAt: '2026-01-02T00:00:00.000Z',
  ...overrides,
});

export const accountSecurity = (overrides: Partial<TAccountSecurity> = {}): TAccountSecurity => ({
  userId: 'user-1',
  email: 'nightowl@example.test',
  emailVerified: false,
  phone: '(555) 123-4567',
  phoneVerified: false,
  createdAt: '2026-01-01T12:00:00.000Z',
  ...overrides,
});

/** GET /api/account/email/change: the account's address, no change waiting unless given. */
export const emailChangeState = (
  overrides: Partial<TEmailChangeState> = {},
): TEmailChangeState => ({
  email: 'owl@example.test',
  pending: null,
  ...overrides,
});

/**
 * The API a signed-in fan's settings page reads, answered from the fixtures above; `extra` adds
 * or replaces answers.
 */
export function stubFanSettingsApi(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role: 'fan', profileComplete: true }) }),
    'GET /api/profile/fan': () => json({ profile: fanProfile() }),
    'GET /api/account/email/change': () => json(emailChangeState()),
    'GET /api/settings/fan': () => json(fanSettings()),
    'GET /api/account/security': () => json(accountSecurity()),
    ...extra,
  });
}
