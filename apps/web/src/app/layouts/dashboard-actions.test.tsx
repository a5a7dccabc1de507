import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';

function stubDashboard(role: 'fan' | 'performer' | 'venue' = 'fan') {
  return stubApi({
    'GET /api/account/session': () => json({ user: sessionUser({ role, profileComplete: true }) }),
    'GET /api/feedback/config': () => json({ supportEmail: 'help@encore.example' }),
    'POST /api/feedback': () => json({}, 201),
  });
}

describe('dashboard header actions', () => {
  it.each([
    ['fan', '/dashboard', '/settings/fan'],
    ['performer', '/performer-dashboard', '/settings/performer'],
    ['venue', '/venue-dashboard', '/settings/venue'],
  ] as const)(
    '%s dashboard links to its settings and offers feedback',
    async (role, page, settings) => {
      stubDashboard(role);
      renderApp(page);
      const link = await screen.findByRole('link', { name: 'Settings' });
      expect(link.getAttribute('href')).toBe(settings);
      expect(screen.getByRole('button', { name: 'Feedback' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    },
  );

  it('shows no settings or feedback button on other pages', async () => {
    stubDashboard();
    renderApp('/alerts');
    await screen.findByRole('heading', { name: 'Your Alerts', level: 1 });
    expect(screen.queryByRole('button', { name: 'Feedback' })).toBeNull();
  });
});

describe('feedback dialog', () => {
  it('refuses blank fields without a request', async () => {
    const fetchMock = stubDashboard();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feedback & Support' });
    await user.type(await screen.findByLabelText('Subject'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please fill in all fields')).toBeTruthy();
    expect(dialog.textContent).toContain('We typically respond within 24 hours');
    expect(callsTo(fetchMock, 'POST /api/feedback')).toHaveLength(0);
  });

  it('sends the feedback, thanks the user and closes', async () => {
    const fetchMock = stubDashboard();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    expect(await screen.findByRole('link', { name: 'help@encore.example' })).toBeTruthy();
    await user.type(screen.getByLabelText('Subject'), 'Love it');
    await user.type(screen.getByLabelText('Message'), 'More jazz please');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Feedback submitted');
    expect(screen.getByText('Thank you! Our team will review your message.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/feedback')).toEqual([
      { subject: 'Love it', message: 'More jazz please' },
    ]);
  });

  it('puts a server field error under its field and focuses it', async () => {
    stubApi({
      'GET /api/account/session': () => json({ user: sessionUser({ profileComplete: true }) }),
      'GET /api/feedback/config': () => json({ supportEmail: 'help@encore.example' }),
      'POST /api/feedback': () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Please correct the highlighted fields',
              fields: { message: 'Message is too long' },
            },
          },
          400,
        ),
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    await user.type(await screen.findByLabelText('Subject'), 'Love it');
    await user.type(screen.getByLabelText('Message'), 'More jazz please');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Message is too long')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Message'));
  });

  it('closes with Cancel', async () => {
    stubDashboard();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    await screen.findByRole('dialog');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens from the keyboard, closes with Escape and gives the focus back to its button', async () => {
    stubDashboard();
    const { user } = renderApp('/dashboard');
    const button = await screen.findByRole('button', { name: 'Feedback' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Feedback & Support' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
    // Opens again at once (the dialog's code is loaded).
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Feedback & Support' })).toBeTruthy();
  });
});
