import { ARTIST_MESSAGE_MESSAGES as M } from '@encore/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, callsTo, json, stubApi } from '@/testing/stub-api';
import { ArtistMessagesCard } from './artist-messages-card';

function renderCard() {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ArtistMessagesCard />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const noneSent = () => json({ items: [], nextAllowedAt: null });

describe('the artist messages card', () => {
  it('checks the message with the shared rules before asking the server', async () => {
    const api = stubApi({ 'GET /api/artist-messages': noneSent });
    const user = renderCard();
    await user.click(screen.getByRole('button', { name: 'Preview reach' }));
    expect(await screen.findByText(M.bodyRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByLabelText('Followers near a city or ZIP'));
    await user.click(screen.getByRole('button', { name: 'Preview reach' }));
    expect(await screen.findByText(M.nearRequired)).toBeTruthy();
    expect(callsTo(api, 'POST /api/artist-messages/preview')).toHaveLength(0);
  });

  it('previews the reach (under 5 as "fewer than 5"), then sends to the audience previewed', async () => {
    const api = stubApi({
      'GET /api/artist-messages': noneSent,
      'POST /api/artist-messages/preview': () =>
        json({ reach: null, place: 'Chicago, IL', nextAllowedAt: null }),
      'POST /api/artist-messages': () =>
        json(
          {
            id: 'm1',
            body: 'Presale ECHO',
            audience: 'Within 25 mi of Chicago, IL',
            reach: null,
            sentAt: '2099-01-01T00:00:00.000Z',
          },
          201,
        ),
    });
    const user = renderCard();
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.type(screen.getByLabelText('Message'), 'Presale ECHO');
    await user.click(screen.getByLabelText('Followers near a city or ZIP'));
    await user.type(screen.getByLabelText('City or ZIP'), 'Chicago, IL');
    await user.click(screen.getByRole('button', { name: 'Preview reach' }));
    expect((await screen.findByText(/This message will reach/)).closest('p')?.textContent).toBe(
      'This message will reach fewer than 5 fans near Chicago, IL.',
    );
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Message sent to fewer than 5 fans')).toBeTruthy();
    expect(callsTo(api, 'POST /api/artist-messages')).toEqual([
      { body: 'Presale ECHO', audience: 'nearby', near: 'Chicago, IL', radius: 25 },
    ]);
  });

  it("puts the server's refusal of the place under its field, and says when the limit is reached", async () => {
    stubApi({
      'GET /api/artist-messages': noneSent,
      'POST /api/artist-messages/preview': () =>
        apiError(400, 'VALIDATION_FAILED', M.nearUnknown, { near: M.nearUnknown }),
    });
    const user = renderCard();
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByLabelText('Followers near a city or ZIP'));
    await user.type(screen.getByLabelText('City or ZIP'), 'Nowhere');
    await user.click(screen.getByRole('button', { name: 'Preview reach' }));
    expect(await screen.findByText(M.nearUnknown)).toBeTruthy();
  });

  it('lists sent messages with their reach and when the next may go', async () => {
    stubApi({
      'GET /api/artist-messages': () =>
        json({
          items: [
            {
              id: 'm2',
              body: 'Two',
              audience: 'All followers',
              reach: 12,
              sentAt: '2099-01-02T00:00:00.000Z',
            },
            {
              id: 'm1',
              body: 'One',
              audience: 'All followers',
              reach: null,
              sentAt: '2099-01-01T00:00:00.000Z',
            },
          ],
          nextAllowedAt: '2099-01-08T00:00:00.000Z',
        }),
    });
    renderCard();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Two.*All followers · reached 12 fans$/),
      expect.stringMatching(/^One.*All followers · reached fewer than 5 fans$/),
    ]);
    expect(screen.getByText(/Your next message can go out/)).toBeTruthy();
  });
});
