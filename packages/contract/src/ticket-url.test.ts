import { describe, expect, it } from 'vitest';
import { ZBookingConfirm } from './booking-requests.ts';
import { SHOW_MESSAGES as S } from './show-messages.ts';
import { ZShowInput, ZShowUpdate } from './shows.ts';
import { checkTicketUrl, TICKET_URL_MAX } from './ticket-url.ts';

/**
 * Second security probe, finding 2: a show's ticket link becomes a redirect from Encore's origin
 * (/go/ticket/:id), so the three forms that set it (announce, edit, confirm a booking request)
 * take only absolute https:// links to a website, stored as the URL parser writes them.
 */
const FIELDS = {
  announce: ZShowInput.shape.ticketUrl,
  edit: ZShowUpdate.shape.ticketUrl,
  'booking confirm': ZBookingConfirm.shape.ticketUrl,
};

describe.each(Object.entries(FIELDS))('the %s form’s ticket link', (_form, field) => {
  const messageOf = (value: string) => {
    const result = field.safeParse(value);
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  it.each([
    // Parsed as https://evil.example/ by the URL parser, but not what anyone reads as a link.
    ['no slashes', 'https:evil.example/phish'],
    ['one slash', 'https:/evil.example/phish'],
    ['three slashes', 'https:///evil.example/phish'],
    // The parser reads the backslash as a slash: host evil.example, not tickets.example.com.
    ['a backslash', 'http://evil.example\\@tickets.example.com'],
    ['a backslash in the path', 'https://tickets.example.com\\evil.example'],
    ['plain http', 'http://tickets.example.com/night'],
    ['another scheme', 'ftp://tickets.example.com/night'],
    ['no host', 'https://'],
    ['a space', 'https://tickets.example.com/a night'],
    ['not a link', 'tickets'],
    ['too long', `https://tickets.example.com/${'a'.repeat(TICKET_URL_MAX)}`],
  ])('refuses %s with the URL message', (_name, value) => {
    expect(messageOf(value)).toEqual([S.url]);
  });

  it.each([
    ['user and password', 'https://user:secret@tickets.example.com/night'],
    ['a user', 'https://tickets.example.com@evil.example/night'],
    ['an empty user', 'https://@evil.example/night'],
  ])('refuses credentials (%s) with their own message', (_name, value) => {
    expect(messageOf(value)).toEqual([S.urlCredentials]);
  });

  it.each([
    ['an IPv4 address', 'https://203.0.113.7/night'],
    ['an IPv4 address in hex', 'https://0xcb.0x0.0x71.0x7/night'],
    ['an IPv6 address', 'https://[2001:db8::1]/night'],
    ['localhost', 'https://localhost/night'],
    ['a name under localhost', 'https://tickets.localhost/night'],
    ['a name on the local network', 'https://printer.local/night'],
    ['a single label', 'https://intranet/night'],
    ['a trailing dot', 'https://tickets.example.com./night'],
    ['an underscore', 'https://tick_ets.example.com/night'],
  ])('refuses a host that is not a public website’s name (%s)', (_name, value) => {
    expect(messageOf(value)).toEqual([S.urlHost]);
  });

  it.each([
    [
      'as typed',
      'https://tickets.example.com/night?seat=A1#top',
      'https://tickets.example.com/night?seat=A1#top',
    ],
    [
      'lower-cases the scheme and host',
      'HTTPS://Tickets.Example.COM/Night',
      'https://tickets.example.com/Night',
    ],
    ['adds the root path', 'https://tickets.example.com', 'https://tickets.example.com/'],
    [
      'drops the default port',
      'https://tickets.example.com:443/night',
      'https://tickets.example.com/night',
    ],
    [
      'keeps another port',
      'https://tickets.example.com:8443/night',
      'https://tickets.example.com:8443/night',
    ],
    [
      'writes an IDN host in punycode',
      'https://bücher.example/night',
      'https://xn--bcher-kva.example/night',
    ],
    [
      'encodes what the parser encodes',
      'https://tickets.example.com/caf\u00e9',
      'https://tickets.example.com/caf%C3%A9',
    ],
    ['trims', '  https://tickets.example.com/night  ', 'https://tickets.example.com/night'],
  ])('stores the parser’s form of an https link (%s)', (_name, value, stored) => {
    expect(field.parse(value)).toBe(stored);
  });

  it('stores blank as no link', () => {
    expect(field.parse('')).toBeNull();
  });
});

describe('checkTicketUrl, which the redirect and the button ask of a stored link', () => {
  it('gives the parser’s form and the host a fan is sent to, its port when not 443', () => {
    expect(checkTicketUrl('https://Tickets.Example.com:8443/a?b#c')).toEqual({
      ok: true,
      href: 'https://tickets.example.com:8443/a?b#c',
      host: 'tickets.example.com:8443',
    });
  });

  it('refuses what the forms refuse', () => {
    expect(checkTicketUrl('http://tickets.example.com/')).toEqual({ ok: false, message: S.url });
    expect(checkTicketUrl(`https://tickets.example.com/${'a'.repeat(TICKET_URL_MAX)}`)).toEqual({
      ok: false,
      message: S.url,
    });
  });
});
