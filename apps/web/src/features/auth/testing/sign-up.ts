import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';

/** Opens Create Account, fills it in validly (nightowl, owl@example.test) and submits it. */
export async function submitValidSignUp() {
  const view = renderApp('/auth/create-account');
  await screen.findByRole('heading', { name: 'Create Account', level: 1 });
  const type = (label: string, value: string) =>
    view.user.type(screen.getByLabelText(label, { exact: true, selector: 'input' }), value);
  await type('Username', 'nightowl');
  await type('Email', 'owl@example.test');
  await type('Password', 'Encore2026');
  await type('Confirm Password', 'Encore2026');
  await view.user.click(screen.getByRole('button', { name: 'Create Account' }));
  return view;
}
