import { SHOW_MESSAGES as S } from './show-messages.ts';

// No zod here: the web's ticket button asks this of every stored link without loading a schema
// (the forms' field is ticket-url-field.ts).

export const TICKET_URL_MAX = 500;

/**
 * A host name as DNS writes it, after the URL parser has lower-cased it and written an IDN in
 * punycode: dot-separated labels of letters, digits and inner hyphens, at least two labels, the
 * last starting with a letter. So no IPv4 address in any spelling (the parser turns `0x7f.1` into
 * `127.0.0.1`, whose last label is a number), no IPv6 literal, no single label, no trailing dot.
 */
const DNS_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Special-use names that only ever reach the fan's own machine or network (browsers send every
 * `*.localhost` to loopback; `.local` is multicast DNS): a ticket shop is never there, and a
 * redirect there would aim a fan's browser at their router or printer.
 */
const LOCAL_NAMES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain'];

export type TicketUrlCheck =
  | { ok: true; href: string; host: string }
  | { ok: false; message: string };

/**
 * The ticket link rule (second security probe). A show's ticket URL becomes a 302 from Encore's own origin
 * (/go/ticket/:id) and a button fans trust, so it must be what it looks like: an absolute
 * `https://` link, written with its two slashes, without a backslash (the WHATWG parser reads one
 * as a slash: `http://evil.example\@tickets.example.com` goes to evil.example), without a user
 * or password (`https://tickets.example.com@evil.example` too), to a website's DNS name. What
 * passes is stored as the parser writes it (`href`), so the stored link, the redirect and the
 * host the button shows (`host`, with its port when not 443) agree. The server asks it again of
 * every stored link it redirects to.
 */
export function checkTicketUrl(value: string): TicketUrlCheck {
  const refused = (message: string) => ({ ok: false, message }) as const;
  if (value.length > TICKET_URL_MAX) return refused(S.url);
  if (!/^https:\/\/[^/]/i.test(value) || /[\s\\]/.test(value)) return refused(S.url);
  // The authority as typed, before the parser drops an empty user ('https://@evil.example').
  if (/^[^/?#]*@/.test(value.slice('https://'.length))) return refused(S.urlCredentials);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refused(S.url);
  }
  if (url.protocol !== 'https:') return refused(S.url);
  if (url.username !== '' || url.password !== '') return refused(S.urlCredentials);
  const name = url.hostname;
  if (!DNS_NAME.test(name)) return refused(S.urlHost);
  if (LOCAL_NAMES.some((local) => name === local || name.endsWith(`.${local}`))) {
    return refused(S.urlHost);
  }
  return { ok: true, href: url.href, host: url.host };
}
