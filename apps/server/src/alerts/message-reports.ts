import { ARTIST_MESSAGE_HIDDEN_AT_REPORTS } from '@encore/contract';
import type { Orm } from '../db/client.ts';
import {
  createArtistMessageReportsRepo,
  type ReportedMessage,
} from '../repositories/artist-message-reports.repo.ts';

/** How many reported messages the command lists: the most recently reported. */
export const REPORTED_MESSAGES_SHOWN = 50;

/** What `npm run messages:reports` lists: reported messages, nothing about who reported them. */
export function readReportedMessages(orm: Orm): Promise<ReportedMessage[]> {
  return createArtistMessageReportsRepo(orm).reported(REPORTED_MESSAGES_SHOWN);
}

/** The list as plain text for a terminal: one heading line per message, its words indented. */
export function formatReportedMessages(messages: ReportedMessage[]): string {
  if (messages.length === 0) return 'No reported artist messages.';
  const lines = [
    `Reported artist messages, most recently reported first (hidden from fans at ${ARTIST_MESSAGE_HIDDEN_AT_REPORTS} reports):`,
  ];
  for (const m of messages) {
    const count = m.reports === 1 ? '1 report' : `${m.reports} reports`;
    const state = m.hidden ? 'hidden' : 'shown';
    lines.push(
      '',
      `  ${m.artist}  sent ${m.sentAt}  ${count}, last ${m.lastReportAt}  ${state}  id ${m.id}`,
      ...m.body.split('\n').map((line) => `    ${line}`),
    );
  }
  return lines.join('\n');
}
