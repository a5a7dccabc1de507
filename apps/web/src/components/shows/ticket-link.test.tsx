import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TicketLink } from './ticket-link';

/** Second security probe, finding 2: a fan sees where 'Purchase Ticket(s)' leads before following it. */
describe('TicketLink', () => {
  it.each([
    ['https://tickets.example.com/night?seat=A1', 'tickets.example.com'],
    ['https://box-office.example.org:8443/night', 'box-office.example.org:8443'],
    // The parser's punycode, as an address bar shows a look-alike name.
    ['https://xn--bcher-kva.example/night', 'xn--bcher-kva.example'],
  ])('names the host of %s on the link to the counted redirect', (ticketUrl, host) => {
    render(<TicketLink showId="show-1" ticketUrl={ticketUrl} className="" />);
    const link = screen.getByRole('link', { name: `Purchase Ticket(s) on ${host}` });
    expect(link.getAttribute('href')).toBe('/go/ticket/show-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    'http://tickets.example.com/night',
    'https:evil.example/phish',
    'http://evil.example\\@tickets.example.com',
    'https://user:pw@tickets.example.com/night',
    'https://127.0.0.1/night',
  ])('offers no link for %s, which the redirect refuses', (ticketUrl) => {
    const { container } = render(<TicketLink showId="show-1" ticketUrl={ticketUrl} className="" />);
    expect(container.querySelector('a')).toBeNull();
  });
});
