import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShowRequestFigures } from './show-request-figures';

const card = () => screen.getByRole('region', { name: 'Show requests' });

describe('the Show requests card', () => {
  it('lists the cities fans asked for, most first, with "a few" for a small group', () => {
    render(
      <ShowRequestFigures
        requests={{
          total: 215,
          cities: [
            { city: 'Denver', state: 'CO', fans: 212 },
            { city: 'Boise', state: 'ID', fans: null },
          ],
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['Denver, CO212 fans', 'Boise, IDa few fans']);
    expect(card().textContent).toContain('215 fans');
  });

  it('never shows a number under five: a total of a few', () => {
    render(
      <ShowRequestFigures
        requests={{ total: null, cities: [{ city: 'Boise', state: 'ID', fans: null }] }}
      />,
    );
    expect(card().textContent).toContain('a few fans');
    expect(card().textContent).not.toMatch(/\d fans/);
  });

  it('says how fans ask when nobody has', () => {
    render(<ShowRequestFigures requests={{ total: 0, cities: [] }} />);
    expect(card().textContent).toContain('No fan has asked for a show yet');
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
