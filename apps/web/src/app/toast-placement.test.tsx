import { LOGIN_MESSAGES as M } from '@encore/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, sessionUser, stubApi } from '@/testing/stub-api';

describe('toasts', () => {
  it("keep the seed's 'Login successful' but show it at the bottom, off the page's heading", async () => {
    stubApi({
      'POST /api/account/login': () =>
        json({ user: sessionUser({ role: 'performer', profileComplete: false }) }),
    });
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Welcome Back' });
    await user.type(screen.getByLabelText('Email', { selector: 'input' }), 'owl@example.test');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Encore2026');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const title = await screen.findByText(M.successTitle);
    expect(await screen.findByText(M.successDescription)).toBeTruthy();
    const toaster = title.closest('[data-sonner-toaster]');
    // Headings sit at the top of every page, under the sticky header.
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
  });
});
