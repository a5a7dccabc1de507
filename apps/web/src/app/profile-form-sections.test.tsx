import type { TRole } from '@encore/contract';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  emailChangeState,
  fanProfile,
  performerProfile,
  venueProfile,
} from '@/features/settings/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

// The fan, performer and venue form sections of components/profile-form serve both the setup
// screen and the settings tabs. Per role: every shared field is on both screens, showing the same
// saved value (the setup screen also opens on the saved profile).

const PROFILES = {
  fan: fanProfile({ phone: '(555) 111-2222' }),
  performer: performerProfile({
    bookingAgentEmail: 'agent@example.test',
    bookingAgentPhone: '(555) 888-9999',
    spotifyUrl: 'https://open.spotify.com/artist/owls',
    currentlyTouring: true,
  }),
  venue: venueProfile({ websiteUrl: 'https://roost.example.com' }),
};

/** The shared fields by the settings tab that shows them, in the settings screen's words. */
const SHARED: Record<TRole, Record<string, string[]>> = {
  fan: { Profile: ['Tag Name', 'Email', 'Phone', 'ZIP Code', 'Concert Radius'] },
  performer: {
    Profile: ['Artist Name', 'Bio', 'Email', 'Phone', 'Currently Touring'],
    Booking: ['Booking Agent Email', 'Booking Agent Phone', 'Website URL', 'Spotify URL'],
  },
  venue: {
    'Venue Info': [
      ...['Venue Name', 'Description', 'Email', 'Phone'],
      ...['Street Address', 'City', 'State', 'ZIP Code'],
    ],
    Amenities: ['Max Capacity'],
    Booking: ['Booking Contact Name', 'Booking Email', 'Booking Phone', 'Website'],
  },
};

/** Where the setup screen names a shared field otherwise (spec). */
const SETUP_LABELS: Partial<Record<TRole, Record<string, string>>> = {
  venue: { Email: 'Venue Email', Phone: 'Venue Phone' },
};

function stubRole(role: TRole, profileComplete: boolean) {
  stubApi({
    'GET /api/account/session': () => json({ user: sessionUser({ role, profileComplete }) }),
    [`GET /api/profile/${role}`]: () => json({ profile: PROFILES[role] }),
    [`GET /api/stats/${role}`]: () => json({}),
    'GET /api/account/security': () => json({}),
    // The fan's Email in settings is the account's address (changed by link, 17.5).
    'GET /api/account/email/change': () =>
      json(emailChangeState({ email: PROFILES.fan.email ?? '' })),
  });
}

/** What a field shows: its text, or 'on'/'off' for a switch. */
function shown(label: string): string {
  const field = screen.getByLabelText<HTMLInputElement>(label, {
    exact: true,
    selector: 'input, textarea',
  });
  return field.type === 'checkbox' ? (field.checked ? 'on' : 'off') : field.value;
}

describe.each(['fan', 'performer', 'venue'] as const)('%s form sections', (role) => {
  it('are on the setup screen and the settings tabs, with the same saved values', async () => {
    stubRole(role, false);
    renderApp(`/profile/${role}-setup`);
    await screen.findByRole('button', { name: /^Complete/ });
    const inSetup = Object.values(SHARED[role])
      .flat()
      .map((label) => shown(SETUP_LABELS[role]?.[label] ?? label));
    cleanup();

    stubRole(role, true);
    const { user } = renderApp(`/settings/${role}`);
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    const inSettings: string[] = [];
    for (const [tab, [first = '', ...rest]] of Object.entries(SHARED[role])) {
      const tabButton = await screen.findByRole('tab', { name: tab });
      if (tabButton.getAttribute('aria-selected') !== 'true') await user.click(tabButton);
      await screen.findByLabelText(first, { exact: true, selector: 'input, textarea' });
      inSettings.push(...[first, ...rest].map(shown));
    }

    expect(inSettings).toEqual(inSetup);
    expect(inSetup.filter((value) => value === '')).toEqual([]);
  });
});
