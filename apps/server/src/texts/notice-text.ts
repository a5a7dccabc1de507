import type { TShowNoticeKind } from '@encore/contract';
import { type AlertFacts, alertBody, showDate } from './alert-text.ts';

/** The recipient's part in the show: why the notice is theirs. */
export type NoticeRole = 'performer' | 'venue' | 'act';

/**
 * What a show notice is about: the show's facts, `other`, the name of the show's other party
 * (the announcer, to the party or support act asked to confirm; the party or act, to the
 * announcer it answered), and `role`, the recipient's part in the show (its performer, its venue,
 * or another act on its bill).
 */
export type NoticeFacts = Omit<AlertFacts, 'kind'> & {
  kind: TShowNoticeKind;
  other: string;
  role: NoticeRole;
};

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

const ROLE_WORDS: Record<NoticeRole, string> = {
  performer: "as this show's performer",
  venue: "as this show's venue",
  act: "on this show's bill",
};

/**
 * Why the notice is the recipient's, naming their part in the show, then what it means:
 * 'The Lantern listed you as this show's performer — it stays off your page…'.
 */
export function noticeReason(n: Pick<NoticeFacts, 'kind' | 'other' | 'role'>): string {
  switch (n.kind) {
    case 'confirmation_requested':
      return `${n.other} listed you ${ROLE_WORDS[n.role]} — it stays off your page and alerts nobody until you confirm it in Your Shows`;
    case 'show_confirmed':
      return `You announced this show with ${n.other} — it is now public, and fans who follow it are being told`;
    case 'show_declined':
      return `You announced this show with ${n.other} — it was withdrawn: it is on no page and no fan was alerted`;
    case 'act_confirmation_requested':
      return `${n.other} listed you ${ROLE_WORDS[n.role]} — you are not on its page or yours, and your watchers hear nothing, until you confirm it in Your Shows`;
    case 'act_confirmed':
      return `You put ${n.other} on this show's bill — they are on it now, and fans who watch them are being told`;
    case 'act_declined':
      return `You put ${n.other} on this show's bill — they declined: they are not on the show page, and their watchers were not told`;
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
    text: [noticeTitle(n), '', noticeBody(n), '', noticeReason(n), '', action, ''].join('\n'),
  };
}
