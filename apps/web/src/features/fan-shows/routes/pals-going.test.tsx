import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json } from '@/testing/stub-api';
import { alertItem, fanShow, feed, pastShow, stubFan } from '../testing/fixtures';

const sam = { id: 'sam', name: 'Sam', photoUrl: null };
const alex = { id: 'alex', name: 'Alex', photoUrl: null };

describe('pals going on the fan’s show cards', () => {
  it('Your Alerts names the pals going with their faces; a show no pal goes to says nothing', async () => {
    stubFan({
      'GET /api/fan/alerts': () =>
        json(
          feed([
            alertItem({}, { palsGoing: { count: 2, fans: [sam, alex] } }),
            alertItem(pastShow({ startsAt: '2099-12-20T01:00:00.000Z' })),
          ]),
        ),
    });
    renderApp('/alerts');
    const withPals = await screen.findByRole('article', { name: 'Night Static' });
    const line = within(withPals).getByText('Sam and Alex are going');
    expect(within(line.parentElement as HTMLElement).getByText('A')).toBeTruthy();
    const without = screen.getByRole('article', { name: 'Jazz Cats' });
    expect(without.textContent).not.toMatch(/is going|are going/);
  });

  it('Shows Attending names them under each show', async () => {
    stubFan({
      'GET /api/fan/shows-attending': () =>
        json({ shows: [fanShow({}, { palsGoing: { count: 5, fans: [sam] } })] }),
    });
    renderApp('/shows-attending');
    const row = await screen.findByRole('article', { name: 'Night Static' });
    expect(within(row).getByText('Sam and 4 other pals are going')).toBeTruthy();
  });
});
