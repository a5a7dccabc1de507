import type { TRole } from '@encore/contract';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

type Handlers = Parameters<typeof stubApi>[0];

const STATS: Record<TRole, object> = {
  fan: { showsAttended: 3, showsGoingTo: 2, showsWatching: 7, alertsSet: 4 },
  performer: {
    totalFollowers: 1200,
    showsPlayed: 15,
    upcomingShows: 2,
    alertActivations: 40,
    averageAttendance: 180,
    memberSince: '2026-01-01',
  },
  venue: {
    eventsHosted: 12,
    totalAttendance: 3400,
    averageAttendance: 283.3,
    revenue30Days: 15250,
    memberSince: '2026-01-01',
  },
};

/** Signs in as `role` (profile incomplete), answers GET profile with `profile` and the stats. */
export async function openSetup(
  role: TRole,
  options: { profile?: object | null; handlers?: Handlers; heading: string },
) {
  const fetchMock = stubApi({
    'GET /api/account/session': () =>
      json({ user: sessionUser({ role, email: `${role}@example.test` }) }),
    [`GET /api/profile/${role}`]: () => json({ profile: options.profile ?? null }),
    [`GET /api/stats/${role}`]: () => json(STATS[role]),
    ...options.handlers,
  });
  const view = renderApp(`/profile/${role}-setup`);
  await screen.findByRole('heading', { name: options.heading, level: 1 });
  await screen.findByRole('button', { name: /^Complete/ });
  const field = (label: string) =>
    screen.getByLabelText<HTMLInputElement>(label, {
      exact: true,
      selector: 'input, select, textarea',
    });
  const type = async (label: string, text: string) => {
    await view.user.clear(field(label));
    if (text) await view.user.type(field(label), text);
  };
  const fill = async (values: Record<string, string>) => {
    for (const [label, text] of Object.entries(values)) {
      const element = field(label);
      if (element instanceof HTMLSelectElement) await view.user.selectOptions(element, text);
      else await type(label, text);
    }
  };
  const toggle = (name: string) => view.user.click(screen.getByRole('button', { name }));
  const submit = (name: string) => view.user.click(screen.getByRole('button', { name }));
  /** fireEvent, not user.upload: the latter drops files that do not match `accept`. */
  const choosePhoto = (label: string, file: File) =>
    fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), {
      target: { files: [file] },
    });
  return { ...view, fetchMock, field, type, fill, toggle, submit, choosePhoto };
}
