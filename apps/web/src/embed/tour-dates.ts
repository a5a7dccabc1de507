import type { TTourDate, TTourDates } from '@encore/contract';
import { TOUR_DATES_URLS, type TTourDatesOwner } from '@encore/contract/tour-dates-urls';
import { dateTimeFormat } from '../lib/intl-format';
import { TOUR_DATES_CSS } from './tour-dates-style';

/**
 * The embeddable tour-dates widget: performers paste
 * `<script src="https://encore…/embed/tour-dates.js" data-artist="ID" async></script>` on their
 * own site (or frame /embed/artists/ID). It draws the owner's upcoming shows right after its own
 * script tag, in a shadow root, from the public JSON feed (read without cookies: nothing of the
 * visitor's Encore session crosses to another site). Every text is set as text, never as markup.
 * A bundle of its own (vite.embed.config.ts), not the web app: it must stay small (size test).
 */
type Owner = { owner: TTourDatesOwner; id: string };

function ownerOf(script: HTMLScriptElement): Owner | null {
  const { artist, venue } = script.dataset;
  if (artist) return { owner: 'artists', id: artist };
  if (venue) return { owner: 'venues', id: venue };
  return null;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** A link out of the host page, in a new tab; only http(s) addresses become links. */
function link(text: string, href: string, className: string): HTMLAnchorElement | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const a = el('a', text, className);
  a.href = url.href;
  a.target = '_blank';
  a.rel = 'noopener';
  return a;
}

/** The show's date and time where it is played (its venue's time zone). */
function when(show: TTourDate): HTMLElement {
  const at = new Date(show.startsAt);
  const format = (options: Intl.DateTimeFormatOptions) =>
    dateTimeFormat({ timeZone: show.timeZone, ...options }).format(at);
  const cell = el('div', format({ weekday: 'short', month: 'short', day: 'numeric' }), 'when');
  cell.append(el('small', format({ hour: 'numeric', minute: '2-digit' })));
  return cell;
}

function row(show: TTourDate, byVenue: boolean): HTMLLIElement {
  const item = el('li');
  const where = el('div', byVenue ? show.performer.name : show.venue.name, 'where');
  const place = [show.venue.city, show.venue.state].filter(Boolean).join(', ');
  where.append(el('small', byVenue ? `${show.venue.name} · ${place}` : place));
  const acts = el('div', undefined, 'acts');
  const alert = link('Set Alert', show.alertUrl, 'button');
  if (alert) acts.append(alert);
  if (show.status === 'cancelled') acts.append(el('span', 'Cancelled', 'cancelled'));
  else if (show.ticketUrl) {
    const tickets = link('Purchase Ticket(s)', show.ticketUrl, 'button tickets');
    if (tickets) acts.append(tickets);
  }
  item.append(when(show), where, acts);
  return item;
}

function draw(card: HTMLElement, feed: TTourDates, byVenue: boolean) {
  card.replaceChildren(el('h2', `${feed.name}: tour dates`));
  if (feed.shows.length === 0) card.append(el('p', 'No upcoming shows.', 'note'));
  else {
    const list = el('ul');
    list.append(...feed.shows.map((show) => row(show, byVenue)));
    card.append(list);
  }
  const by = el('p', 'Tour dates by ', 'by');
  const home = link('Encore', feed.pageUrl, '');
  if (home) by.append(home);
  card.append(by);
}

function styled(root: ShadowRoot) {
  // A constructed sheet needs no inline style on the host page's policy; older browsers get a
  // <style> element.
  if ('adoptedStyleSheets' in root && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(TOUR_DATES_CSS);
    root.adoptedStyleSheets = [sheet];
  } else root.append(el('style', TOUR_DATES_CSS));
}

export function mountTourDates(script: HTMLScriptElement) {
  const owner = ownerOf(script);
  if (!owner) return;
  const origin = new URL(script.src, document.baseURI).origin;
  const host = el('div', undefined, 'encore-tour-dates');
  script.after(host);
  const root = host.attachShadow({ mode: 'open' });
  styled(root);
  const card = el('section', undefined, 'card');
  card.setAttribute('aria-label', 'Tour dates');
  card.append(el('p', 'Loading tour dates…', 'note'));
  root.append(card);
  fetch(`${origin}${TOUR_DATES_URLS.json(owner.owner, owner.id)}`, { credentials: 'omit' })
    .then((response) => (response.ok ? response.json() : Promise.reject(response.status)))
    .then((feed: TTourDates) => draw(card, feed, owner.owner === 'venues'))
    .catch(() =>
      card.replaceChildren(el('p', 'Tour dates could not be loaded right now.', 'note')),
    );
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) mountTourDates(current);
