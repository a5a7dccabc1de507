import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { json, stubApi } from '@/testing/stub-api';
import { show, showDetail } from '../testing/fixtures';

/** The "Date and time" fact of the show page, as read. */
async function dateFact(detail: ReturnType<typeof showDetail>): Promise<string> {
  stubApi({ 'GET /api/shows/show-1': () => json(detail) });
  renderApp('/shows/show-1');
  const label = await screen.findByText('Date and time');
  return label.closest('div')?.querySelector('dd')?.textContent ?? '';
}

describe('show page: a postponed show’s date', () => {
  it('says it waits for a new date, and which date it was moved from', async () => {
    const detail = showDetail({ show: show({ status: 'postponed' }), newDatePending: true });
    const text = await dateFact(detail);
    expect(text).toMatch(/^Postponed: new date to be announced \(was .+\)$/);
  });

  it('gives the new date as the date it was moved to, not as the date it was', async () => {
    const detail = showDetail({ show: show({ status: 'postponed' }), newDatePending: false });
    const text = await dateFact(detail);
    expect(text).toMatch(/^Postponed to \w{3}, /);
    expect(text).not.toContain('was');
  });
});
