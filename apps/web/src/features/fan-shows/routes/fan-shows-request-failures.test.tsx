import { screen, within } from '@testing-library/react';
import { describeRequestFailures, type PageFormCase } from '@/testing/request-failures';
import { json } from '@/testing/stub-api';
import { alertItem, fanShow, feed, home, pastShow, stubFan } from '../testing/fixtures';

/** Every attendance button of the fan's pages. */
const FORMS: PageFormCase[] = [
  {
    form: 'Did you go? (dashboard)',
    path: '/dashboard',
    loads: { 'GET /api/fan/home': () => json(home({ toConfirm: [fanShow(pastShow())] })) },
    request: 'PUT /api/shows/show-past/attendance',
    act: async (user) => {
      const prompts = await screen.findByRole('region', { name: 'Did you go?' });
      await user.click(within(prompts).getByRole('button', { name: 'Yes, I went' }));
    },
  },
  {
    form: 'Going (alerts feed)',
    path: '/alerts',
    loads: { 'GET /api/fan/alerts': () => json(feed([alertItem()])) },
    request: 'PUT /api/shows/show-1/attendance',
    act: async (user) => user.click(await screen.findByRole('button', { name: 'Going' })),
  },
  {
    form: 'Not going (shows attending)',
    path: '/shows-attending',
    loads: { 'GET /api/fan/shows-attending': () => json({ shows: [fanShow()] }) },
    request: 'PUT /api/shows/show-1/attendance',
    act: async (user) => {
      const row = await screen.findByRole('article', { name: 'Night Static' });
      await user.click(within(row).getByRole('button', { name: 'Not going' }));
    },
  },
];

/** A fan's answer that could not be saved always says so. */
describeRequestFailures('fan shows: $form', FORMS, stubFan);
