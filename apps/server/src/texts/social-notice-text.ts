import type { TSocialNoticeKind } from '@encore/contract';
import { type AlertFacts, alertBody, type ReaderZone, showDay } from './alert-text.ts';

/**
 * What a Show Pals notice is about: the fan who asked, accepted or invited (their tag name), and
 * for a going-together invite the show's facts.
 */
export type SocialNoticeFacts = {
  kind: TSocialNoticeKind;
  actor: string;
  show: Omit<AlertFacts, 'kind'> | null;
  /** The recipient's own zone: a show's time names its zone when this one tells it otherwise. */
  reader?: ReaderZone;
};

/** The notification centre's and the email's words for a Show Pals notice, composed once. */
export function socialNoticeTitle({ kind, actor, show }: SocialNoticeFacts): string {
  switch (kind) {
    case 'pal_request':
      return `${actor} wants to be your Show Pal`;
    case 'pal_accepted':
      return `${actor} accepted your Show Pal request`;
    case 'going_invite':
      // The day in the venue's own time zone, as every notice dates a show.
      return show
        ? `${actor} is going to ${show.artist} on ${showDay(show)} — join?`
        : `${actor} is going to a show — join?`;
  }
}

export function socialNoticeBody({ kind, actor, show, reader }: SocialNoticeFacts): string {
  switch (kind) {
    case 'pal_request':
      return 'Accept or decline on Show Pals';
    case 'pal_accepted':
      return `You and ${actor} are Show Pals`;
    case 'going_invite':
      return show ? alertBody({ ...show, kind: 'announced' }, new Date(), reader) : '';
  }
}

/**
 * Why the notice is the fan's, in words the title has not said already: the setting
 * that let the request in, the request the fan sent, and for an invite the Show Pals link.
 */
export function socialNoticeReason({ kind, actor }: SocialNoticeFacts): string {
  switch (kind) {
    case 'pal_request':
      return 'Your privacy settings allow Show Pal requests';
    case 'pal_accepted':
      return `You asked ${actor} to be your Show Pal`;
    case 'going_invite':
      return `${actor} invited you — you're Show Pals`;
  }
}

/**
 * The email: the notice's words and one link, to the show (an invite) or to Show Pals, and the
 * unsubscribe line. Links are absolute: /social, /shows/:id and /unsubscribe under PUBLIC_URL.
 */
export function socialNoticeEmail(
  n: SocialNoticeFacts,
  link: string,
  unsubscribePage: string,
): { subject: string; text: string } {
  const action = n.kind === 'going_invite' ? `Answer here: ${link}` : `Show Pals: ${link}`;
  return {
    // One line: names come from profiles and must not spill into the mail headers.
    subject: socialNoticeTitle(n).replace(/\s+/g, ' '),
    text: [
      socialNoticeTitle(n),
      '',
      socialNoticeBody(n),
      '',
      socialNoticeReason(n),
      '',
      action,
      '',
      `Unsubscribe from Show Pals emails: ${unsubscribePage}`,
      '',
    ].join('\n'),
  };
}
