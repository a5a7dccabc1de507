import type { TBookingNoticeKind } from '@encore/contract';
import { bookingNight } from './booking-request-text.ts';

/** What a booking notice says, read from the request as it is now: public names only. */
export type BookingNoticeFacts = {
  kind: TBookingNoticeKind;
  performer: string;
  venue: string;
  city: string;
  state: string;
  /** The night asked for ('YYYY-MM-DD', the venue's calendar). */
  date: string;
  declineNote: string | null;
};

/** A decline note in a notice's line: one line, cut at a word near 120 characters. */
export const NOTE_IN_NOTICE_MAX = 120;

export function shortNote(note: string, max = NOTE_IN_NOTICE_MAX): string {
  const line = note.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > max / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** 'Night Static asked to play Sat, Mar 13, 2027', 'The Lantern is holding … for you'. */
export function bookingNoticeTitle(n: BookingNoticeFacts): string {
  const night = bookingNight(n.date);
  switch (n.kind) {
    case 'booking_requested':
      return `${n.performer} asked to play ${night}`;
    case 'booking_held':
      return `${n.venue} is holding ${night} for you`;
    case 'booking_declined':
      return `${n.venue} declined ${night}`;
    case 'booking_confirmed':
      return `${n.venue} confirmed ${night}`;
    case 'booking_withdrawn':
      return `${n.performer} withdrew the request for ${night}`;
  }
}

export function bookingNoticeBody(n: BookingNoticeFacts): string {
  const place = `${n.venue}, ${n.city}, ${n.state}`;
  switch (n.kind) {
    case 'booking_requested':
      return 'Hold the date, decline or confirm it in My Shows';
    case 'booking_held':
      return `${place} · they keep the night for you until they confirm the show`;
    case 'booking_declined':
      return n.declineNote ? `Their note: “${shortNote(n.declineNote)}”` : place;
    case 'booking_confirmed':
      return `${place} · the show is on Encore: fans who follow you are being told`;
    case 'booking_withdrawn':
      return 'The request is closed';
  }
}

/** Why it is the recipient's: the request it answers. */
export function bookingNoticeReason(n: BookingNoticeFacts): string {
  return n.kind === 'booking_requested' || n.kind === 'booking_withdrawn'
    ? `${n.performer} sent ${n.venue} a booking request`
    : `You sent ${n.venue} a booking request`;
}
