import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showDetail } from '@/features/shows-public/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { json, stubApi } from '@/testing/stub-api';

/**
 * The seed names logging in 'Login' (the sign-up screen's link, 'Login failed', 'Login
 * successful'); every label a signed-out visitor meets says it the same way, never 'Log in'.
 */
describe("'Login', one word everywhere", () => {
  it.each([
    ['/landing', () => screen.findByRole('link', { name: 'Login' })],
    ['/auth/create-account', () => screen.findByRole('link', { name: 'Login' })],
    ['/auth/login', () => screen.findByRole('button', { name: 'Login' })],
    ['/shows/show-1', () => screen.findByRole('link', { name: "Login to say you're going" })],
  ])('%s says Login, never Log in', async (path, login) => {
    stubApi({ 'GET /api/shows/show-1': () => json(showDetail()) });
    renderApp(path);
    expect(await login()).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/log in/i);
  });

  it('the public pages’ header offers Login to a signed-out visitor', async () => {
    stubApi({ 'GET /api/shows/show-1': () => json(showDetail()) });
    renderApp('/shows/show-1');
    const login = await screen.findByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe('/auth/login');
  });
});
