import {
  BOOKING_MESSAGES,
  BOOKING_STATE_LABELS,
  GENERIC_MESSAGES,
  TOUR_PLANNER_MESSAGES as M,
} from '@encore/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, callsTo } from '@/testing/stub-api';
import { bookingRequest, stubPlanner, tourPlan, WINDOW_YEAR } from '../testing/fixtures';
import { openBookingRequest, openPlan, renderCard } from '../testing/render-card';

describe('a plan’s results', () => {
  it('copies the contact list and the email draft, saying Copied for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubPlanner({ plans: [tourPlan()] });
      const { user } = renderCard();
      const dialog = await openPlan(user);

      await user.click(within(dialog).getByRole('button', { name: 'Contact List' }));
      expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
      expect(await screen.findByText(M.copied('Contact List'))).toBeTruthy();
      expect(await navigator.clipboard.readText()).toBe(
        'The Sinclair, Cambridge, MA, booking@sinclair.test, (617) 555-0101\n' +
          'Columbus Theatre, Providence, RI, shows@columbus-theatre-providence-rhode-island.test, (401) 555-0199',
      );
      act(() => vi.advanceTimersByTime(1500));
      expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(500));
      expect(within(dialog).getByRole('button', { name: 'Contact List' })).toBeTruthy();

      await user.click(within(dialog).getByRole('button', { name: 'Email Draft' }));
      expect(await screen.findByText(M.copied('Email Draft'))).toBeTruthy();
      expect(await navigator.clipboard.readText()).toBe(tourPlan().outreachEmail);
      act(() => vi.advanceTimersByTime(2000));
      expect(within(dialog).getByRole('button', { name: 'Email Draft' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says a copy the browser refused inside the dialog, under the buttons, not in a toast', async () => {
    stubPlanner({ plans: [tourPlan()] });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    const refuse = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Email Draft' }));
      const said = await within(dialog).findByText('Could not copy the email draft');
      expect(said.closest('[role="alert"]')?.textContent).toContain(
        'Select it and copy it yourself.',
      );
      expect(document.querySelector('[data-sonner-toast]')).toBeNull();
      // Copied on a second try: the failure is no longer said.
      await user.click(within(dialog).getByRole('button', { name: 'Email Draft' }));
      expect(await screen.findByText(M.copied('Email Draft'))).toBeTruthy();
      expect(within(dialog).queryByText('Could not copy the email draft')).toBeNull();
    } finally {
      refuse.mockRestore();
    }
  });

  it('withholds the venues’ booking contacts until the email is verified, and says how', async () => {
    const plan = tourPlan();
    const withheld = tourPlan({
      contactsHidden: true,
      venues: plan.venues.map((v) => ({ ...v, contactEmail: null, bookingPhone: null })),
    });
    stubPlanner({ plans: [withheld] });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    const venues = within(dialog).getByRole('region', { name: 'Venues' });

    expect(venues.textContent).toContain(M.verifyEmailForContacts);
    const settings = within(venues).getByRole('link', { name: 'Go to Security settings' });
    expect(settings.getAttribute('href')).toBe('/settings/performer?tab=security');
    const sinclair = within(venues).getByRole('article', { name: 'The Sinclair' });
    expect(sinclair.textContent).not.toContain('Email');
    expect(within(dialog).queryAllByRole('link', { name: /@/ })).toEqual([]);
    // Asking the venue for a night still goes through Encore.
    expect(within(sinclair).getByRole('button', { name: 'Send booking request' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Contact List' }));
    expect(await navigator.clipboard.readText()).toBe(
      'The Sinclair, Cambridge, MA\nColumbus Theatre, Providence, RI',
    );
  });

  it('shows no such notice once the email is verified', async () => {
    stubPlanner({ plans: [tourPlan()] });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    const venues = within(dialog).getByRole('region', { name: 'Venues' });
    expect(venues.textContent).not.toContain(M.verifyEmailForContacts);
    expect(within(venues).getByRole('link', { name: 'booking@sinclair.test' })).toBeTruthy();
  });

  it('corrects what it understood and plans again with the corrected constraints', async () => {
    const fetchMock = stubPlanner({ plans: [tourPlan()] });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    const form = within(dialog).getByRole('form', { name: 'Correct what I understood' });
    // Prefilled from what was planned with.
    const largest = within(form).getByRole('textbox', { name: 'Largest capacity' });
    expect((largest as HTMLInputElement).value).toBe('1000');
    expect(
      within(form).getByRole('button', { name: 'Northeast' }).getAttribute('aria-pressed'),
    ).toBe('true');

    // The contract's own rule, before anything is sent.
    await user.clear(largest);
    await user.type(largest, '400');
    await user.click(within(form).getByRole('button', { name: 'Plan again' }));
    expect(within(form).getByText(M.capacityOrder)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/tour-plans/plan-1')).toHaveLength(0);

    await user.clear(largest);
    await user.type(largest, '800');
    await user.click(within(form).getByRole('button', { name: 'New England' }));
    await user.type(within(form).getByRole('textbox', { name: 'Cities' }), 'Portland, me');
    await user.click(within(form).getByRole('button', { name: 'Add a fixed date' }));
    await user.type(within(form).getByLabelText('Fixed date 1'), `${WINDOW_YEAR}-03-20`);
    await user.type(
      within(form).getByRole('textbox', { name: 'City for fixed date 1' }),
      'Boston, MA',
    );
    await user.type(
      within(form).getByRole('textbox', { name: 'Days off' }),
      `${WINDOW_YEAR}-03-10`,
    );
    await user.click(within(form).getByRole('button', { name: 'Monday' }));
    await user.click(within(form).getByRole('button', { name: 'Plan again' }));

    expect(await screen.findByText(M.success)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/tour-plans/plan-1')).toEqual([
      {
        constraints: {
          ...tourPlan().resolved,
          regions: ['Northeast', 'New England'],
          cities: [{ city: 'Portland', state: 'ME' }],
          capacityMax: 800,
          fixedDates: [{ date: `${WINDOW_YEAR}-03-20`, city: 'Boston', state: 'MA' }],
          daysOff: [`${WINDOW_YEAR}-03-10`],
          weekdaysOff: ['Monday'],
        },
      },
    ]);
    await waitFor(() => expect(within(dialog).queryByRole('form')).toBeNull());
    expect(document.activeElement).toBe(
      within(dialog).getByRole('heading', { name: 'Northeast, March 2099' }),
    );
  });

  it('puts a re-plan the planner cannot meet under its field', async () => {
    const unmet = 'No Encore venue in New England is open on those nights';
    stubPlanner({
      plans: [tourPlan()],
      rerun: () => apiError(422, 'PLAN_UNSATISFIABLE', unmet, { 'constraints.endDate': unmet }),
    });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await user.click(within(dialog).getByRole('button', { name: 'Plan again' }));
    const last = await within(dialog).findByLabelText('Last date');
    await waitFor(() => expect(last.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByRole('form').textContent).toContain(unmet);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('says a re-plan failure no field owns under Plan again, inside the dialog, not in a toast', async () => {
    stubPlanner({
      plans: [tourPlan()],
      rerun: () => apiError(500, 'INTERNAL', GENERIC_MESSAGES.internal),
    });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));
    await user.click(within(dialog).getByRole('button', { name: 'Plan again' }));
    const understood = within(dialog).getByRole('region', { name: 'What I understood' });
    const alert = await within(understood).findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toBe(`${M.failedTitle}${GENERIC_MESSAGES.internal}`),
    );
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByText(M.failedTitle)).toBeNull();
  });

  it('sends a booking request for the venue’s night with the email, then shows its state', async () => {
    const fetchMock = stubPlanner({ plans: [tourPlan()] });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    const { venue: sinclair, send } = await openBookingRequest(user, dialog);
    expect(send.textContent).toContain('Night: Fri, Mar 6, 2099');
    const message = within(send).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(message.value).toBe(tourPlan().outreachEmail);
    await user.type(message, ' See you soon.');
    await user.click(within(send).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(BOOKING_MESSAGES.sent)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/booking-requests')).toEqual([
      {
        venueId: 'venue-sinclair',
        date: '2099-03-06',
        message: `${tourPlan().outreachEmail} See you soon.`,
        planId: 'plan-1',
      },
    ]);
    await waitFor(() => expect(sinclair.textContent).toContain(BOOKING_STATE_LABELS.pending));
    expect(within(sinclair).queryByRole('button', { name: 'Send booking request' })).toBeNull();
  });

  it('shows each venue’s request as the venue left it, and offers a new one after a decline', async () => {
    stubPlanner({
      plans: [tourPlan()],
      requests: [
        bookingRequest({ status: 'held' }),
        bookingRequest({ id: 'r2', venueId: 'venue-columbus', status: 'declined' }),
      ],
    });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    const sinclair = within(dialog).getByRole('article', { name: 'The Sinclair' });
    await waitFor(() => expect(sinclair.textContent).toContain(BOOKING_STATE_LABELS.held));
    const columbus = within(dialog).getByRole('article', { name: 'Columbus Theatre' });
    expect(columbus.textContent).toContain(BOOKING_STATE_LABELS.declined);
    expect(within(columbus).getByRole('button', { name: 'Send booking request' })).toBeTruthy();
  });

  it('refuses an emptied message with the contract’s words', async () => {
    const fetchMock = stubPlanner({ plans: [tourPlan()] });
    const { user } = renderCard();
    const dialog = await openPlan(user);
    const { send } = await openBookingRequest(user, dialog);
    await user.clear(within(send).getByRole('textbox', { name: 'Message' }));
    await user.click(within(send).getByRole('button', { name: 'Send' }));
    expect(within(send).getByText(BOOKING_MESSAGES.messageRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/booking-requests')).toHaveLength(0);
  });
});
