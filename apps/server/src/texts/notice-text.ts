import type { TShowNoticeKind } from '@encore/contract';
import { type AlertFacts, alertBody, showDate } from './alert-text.ts';

/**
 * What a show notice is about: the show's facts and `other`, the name of the show's other party
 * (the announcer, to the party or support act asked to confirm; the party or act, to the
 * announcer it answered).
 */
export type NoticeFacts = Omit<AlertFacts, 'kind'> & { kind: TShowNoticeKind; other: string };

/** The notification centre's and the email's words for a notice, composed once. */
export function noticeTitle(n: NoticeFacts): string {
  switch (n.kind) {
    case 'confirmation_requested':
      return `${n.other} listed you for ${showDate(n)}`;
    case 'show_confirmed':
      return `${n.other} confirmed your show`;
    case 'show_declined':
      return `${n.other} declined your show`;
    case 'act_confirmation_requested':
      return `${n.other} put you on the bill for ${showDate(n)}`;
    case 'act_confirmed':
      return `${n.other} confirmed playing your show`;
    case 'act_declined':
      return `${n.other} declined playing your show`;
  }
}

/** 'Night Static · Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL'. */
export function noticeBody(n: NoticeFacts): string {
  return `${n.artist} · ${alertBody({ ...n, kind: 'announced' })}`;
}

export function noticeReason(kind: TShowNoticeKind): string {
  switch (kind) {
    case 'confirmation_requested':
      return 'It stays off your page and alerts nobody until you confirm it in Your Shows';
    case 'show_confirmed':
      return 'It is now public, and fans who follow it are being told';
    case 'show_declined':
      return 'The show was withdrawn: it is on no page and no fan was alerted';
    case 'act_confirmation_requested':
      return 'You are not on its bill or your page, and your watchers hear nothing, until you confirm it in Your Shows';
    case 'act_confirmed':
      return 'They are on the bill now, and fans who watch them are being told';
    case 'act_declined':
      return 'They are off the bill: not on the show page, and their watchers were not told';
  }
}

/** Only these reach the inbox too; a confirmation is news the announcer can wait for in-app. */
export const MAILED_NOTICES: readonly TShowNoticeKind[] = [
  'confirmation_requested',
  'show_declined',
  'act_confirmation_requested',
  'act_declined',
];

/** The email: "<venue> listed you for <date> — Confirm / Decline", linking to Your Shows. */
export function noticeEmail(n: NoticeFacts, myShowsUrl: string): { subject: string; text: string } {
  const subject =
    n.kind === 'confirmation_requested' || n.kind === 'act_confirmation_requested'
      ? `${noticeTitle(n)} — Confirm / Decline`
      : n.kind === 'show_declined' || n.kind === 'act_declined'
        ? `${noticeTitle(n)} on ${showDate(n)}`
        : noticeTitle(n);
  const action =
    n.kind === 'confirmation_requested' || n.kind === 'act_confirmation_requested'
      ? `Confirm or decline it here: ${myShowsUrl}`
      : `Your shows: ${myShowsUrl}`;
  return {
    // One line: names come from profiles and must not spill into the mail headers.
    subject: subject.replace(/\s+/g, ' '),
    text: [noticeTitle(n), '', noticeBody(n), '', noticeReason(n.kind), '', action, ''].join('\n'),
  };
}
