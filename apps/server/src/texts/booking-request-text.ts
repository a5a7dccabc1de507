import { BOOKING_STATE_LABELS, type TBookingRequest } from '@encore/contract';
import { showDate } from './alert-text.ts';

type Mail = { subject: string; text: string };

/** 'Sat, Jun 14, 2031': the night asked for, a date in the venue's own calendar. */
export function bookingNight(date: string): string {
  return showDate({ startsAt: new Date(`${date}T12:00:00Z`), timeZone: 'UTC' });
}

/** Names come from profiles and must not spill into the mail headers: one line. */
const oneLine = (subject: string) => subject.replace(/\s+/g, ' ');

/** To the venue's booking address when a performer asks for a night. */
export function bookingRequestedEmail(r: TBookingRequest, myShowsUrl: string): Mail {
  const night = bookingNight(r.date);
  return {
    subject: oneLine(`Booking request from ${r.performerName} for ${night}`),
    text: [
      `${r.performerName} would like to play ${r.venueName} on ${night}.`,
      '',
      r.message,
      '',
      `Hold the date, decline or answer it in My Shows: ${myShowsUrl}`,
      '',
    ].join('\n'),
  };
}

const ANSWER_LINES: Partial<Record<TBookingRequest['status'], string>> = {
  held: 'The venue is holding the date for you while it confirms the show.',
  declined: 'The venue declined this request.',
  confirmed: 'The show is confirmed and on Encore: fans who follow you are being told.',
};

/** To the performer when the venue holds, declines or confirms its request. */
export function bookingAnsweredEmail(r: TBookingRequest, myShowsUrl: string): Mail {
  const night = bookingNight(r.date);
  const label = BOOKING_STATE_LABELS[r.status];
  const note = r.status === 'declined' && r.declineNote ? ['', `Their note: ${r.declineNote}`] : [];
  return {
    subject: oneLine(`${r.venueName}, ${night}: ${label}`),
    text: [
      `${r.venueName} (${r.city}, ${r.state}) answered your booking request for ${night}: ${label}.`,
      ANSWER_LINES[r.status] ?? '',
      ...note,
      '',
      `Your booking requests: ${myShowsUrl}`,
      '',
    ].join('\n'),
  };
}
