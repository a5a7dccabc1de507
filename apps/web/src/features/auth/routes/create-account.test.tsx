import { AUTH_MESSAGES, SIGN_UP_MESSAGES } from '@encore/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { callsTo, json, sessionUser, stubApi } from '@/testing/stub-api';

const VALID = { username: 'nightowl', email: 'owl@example.test', password: 'Encore2026' };

async function openForm(state?: unknown) {
  const view = renderApp({ pathname: '/auth/create-account', state });
  await screen.findByRole('heading', { name: 'Create Account', level: 1 });
  const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });
  const fill = async (values: Partial<Record<string, string>>) => {
    for (const [label, value] of Object.entries(values)) {
      await view.user.clear(field(label));
      if (value) await view.user.type(field(label), value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Create Account' }));
  return { ...view, field, fill, submit };
}

const filled = {
  Username: VALID.username,
  Email: VALID.email,
  Password: VALID.password,
  'Confirm Password': VALID.password,
};

describe('sign-up screen', () => {
  it.each([
    ['Username', 'ab', AUTH_MESSAGES.usernameTooShort],
    ['Username', 'a'.repeat(21), AUTH_MESSAGES.usernameTooLong],
    ['Username', 'bad name!', AUTH_MESSAGES.usernameCharacters],
    ['Email', 'not-an-email', AUTH_MESSAGES.invalidEmail],
    ['Password', 'Short1', AUTH_MESSAGES.passwordTooShort],
    ['Password', 'lowercase1', AUTH_MESSAGES.passwordUppercase],
    ['Password', 'UPPERCASE1', AUTH_MESSAGES.passwordLowercase],
    ['Password', 'NoDigitsHere', AUTH_MESSAGES.passwordNumber],
    ['Confirm Password', 'Different1', AUTH_MESSAGES.passwordsDontMatch],
  ])('%s "%s" shows "%s" under the field, and an edit clears it', async (label, bad, message) => {
    const fetchMock = stubApi();
    const form = await openForm();
    await form.fill({ ...filled, [label]: bad });
    await form.submit();

    const error = await screen.findByText(message);
    const input = form.field(label);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain(message);
    expect(error.isConnected).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/account/sign-up')).toEqual([]);

    await form.fill({ [label]: filled[label as keyof typeof filled] });
    await waitFor(() => expect(screen.queryByText(message)).toBeNull());
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows and hides each password with its own named toggle', async () => {
    stubApi();
    const form = await openForm();
    const password = form.field('Password') as HTMLInputElement;
    const confirm = form.field('Confirm Password') as HTMLInputElement;
    expect([password.type, confirm.type]).toEqual(['password', 'password']);

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    await form.user.click(show);
    expect(password.type).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    await form.user.click(hide);
    expect(password.type).toBe('password');

    await form.user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirm.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide confirm password' })).toBeTruthy();
    // The toggles' names must not make them a second match for the fields' labels.
    expect(screen.getAllByLabelText('Confirm Password', { exact: false })).toEqual([confirm]);
  });

  it('takes the role from navigation state, defaulting to fan', async () => {
    stubApi();
    const venue = await openForm({ role: 'venue' });
    expect(screen.getByText('Join as a venue')).toBeTruthy();
    venue.unmount();

    const none = await openForm();
    expect(screen.getByText('Join as a fan')).toBeTruthy();
    none.unmount();

    await openForm({ role: 'admin' });
    expect(screen.getByText('Join as a fan')).toBeTruthy();
  });

  it('reads "Creating Account..." while busy, then opens the role\'s setup screen', async () => {
    let finish: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      'GET /api/account/username-exists': () => json({ exists: false }),
      'POST /api/account/sign-up': () => new Promise((resolve) => (finish = resolve)),
    });
    const form = await openForm({ role: 'performer' });
    await form.fill(filled);
    await form.submit();

    const busy = await screen.findByRole('button', { name: 'Creating Account...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchMock, 'POST /api/account/sign-up')).toEqual([
      { ...VALID, confirmPassword: VALID.password, role: 'performer' },
    ]);

    finish(json({ user: sessionUser({ role: 'performer' }) }, 201));
    await screen.findByRole('heading', { name: 'Complete Your Artist Profile' });
    expect(form.router.state.location.pathname).toBe('/profile/performer-setup');
    expect(await screen.findByText(SIGN_UP_MESSAGES.successTitle)).toBeTruthy();
    expect(screen.getByText(SIGN_UP_MESSAGES.successDescription)).toBeTruthy();
  });
});
