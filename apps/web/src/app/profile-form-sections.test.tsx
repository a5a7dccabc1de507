import type { TRole } from '@encore/contract';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fanProfile, performerProfile, venueProfile } from '@/features/settings/testing/fixtures';
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

/** Setup label → settings label of each shared field, with the settings tab that shows it. */
const SHARED: Record<TRole, { setup: string; settings: string; tab: string }[]> = {
  fan: [
    { setup: 'Tag Name', settings: 'Tag Name', tab: 'Profile' },
    { setup: 'Email', settings: 'Email', tab: 'Profile' },
    { setup: 'Phone', settings: 'Phone', tab: 'Profile' },
    { setup: 'Home City', settings: 'Home City', tab: 'Profile' },
  ],
  performer: [
    { setup: 'Artist Name', settings: 'Artist Name', tab: 'Profile' },
    { setup: 'Bio', settings: 'Bio', tab: 'Profile' },
    { setup: 'Email', settings: 'Email', tab: 'Profile' },
    { setup: 'Phone', settings: 'Phone', tab: 'Profile' },
    { setup: 'Currently Touring', settings: 'Currently Touring', tab: 'Profile' },
    { setup: 'Booking Agent Email', settings: 'Booking Agent Email', tab: 'Booking' },
    { setup: 'Booking Agent Phone', settings: 'Booking Agent Phone', tab: 'Booking' },
    { setup: 'Website URL', settings: 'Website URL', tab: 'Booking' },
    { setup: 'Spotify URL', settings: 'Spotify URL', tab: 'Booking' },
  ],
  venue: [
    { setup: 'Venue Name', settings: 'Venue Name', tab: 'Venue Info' },
    { setup: 'Description', settings: 'Description', tab: 'Venue Info' },
    { setup: 'Venue Email', settings: 'Email', tab: 'Venue Info' },
    { setup: 'Venue Phone', settings: 'Phone', tab: 'Venue Info' },
    { setup: 'Street Address', settings: 'Street Address', tab: 'Venue Info' },
    { setup: 'City', settings: 'City', tab: 'Venue Info' },
    { setup: 'State', settings: 'State', tab: 'Venue Info' },
    { setup: 'ZIP Code', settings: 'ZIP Code', tab: 'Venue Info' },
    { setup: 'Max Capacity', settings: 'Max Capacity', tab: 'Amenities' },
    { setup: 'Booking Contact Name', settings: 'Booking Contact Name', tab: 'Booking' },
    { setup: 'Booking Email', settings: 'Booking Email', tab: 'Booking' },
    { setup: 'Booking Phone', settings: 'Booking Phone', tab: 'Booking' },
    { setup: 'Website', settings: 'Website', tab: 'Booking' },
  ],
};

function stubRole(role: TRole, profileComplete: boolean) {
  stubApi({
    'GET /api/account/session': () => json({ user: sessionUser({ role, profileComplete }) }),
    [`GET /api/profile/${role}`]: () => json({ profile: PROFILES[role] }),
    [`GET /api/stats/${role}`]: () => json({}),
    'GET /api/account/security': () => json({}),
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
    const inSetup = SHARED[role].map(({ setup }) => shown(setup));
    cleanup();

    stubRole(role, true);
    const { user } = renderApp(`/settings/${role}`);
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    const inSettings: string[] = [];
    for (const { settings, tab } of SHARED[role]) {
      const tabButton = await screen.findByRole('tab', { name: tab });
      if (tabButton.getAttribute('aria-selected') !== 'true') await user.click(tabButton);
      await screen.findByLabelText(settings, { exact: true, selector: 'input, textarea' });
      inSettings.push(shown(settings));
    }

    expect(inSettings).toEqual(inSetup);
    expect(inSetup.filter((value) => value === '')).toEqual([]);
  });
});
