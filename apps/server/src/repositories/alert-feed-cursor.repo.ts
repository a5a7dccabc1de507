import { AppError } from '../http/app-error.ts';

/** Where the previous page of the alerts feed ended: its last show's start and id. */
export type FeedPosition = { startsAtMicros: bigint; id: string };

// The start travels in microseconds since the epoch, Postgres's own precision: a millisecond
// cursor could skip or repeat shows whose starts differ below the millisecond.
const SHAPE = /^(-?\d{1,17})\.([^\s]{1,100})$/;

/** Opaque to clients (base64url), so its shape can change without breaking them. */
export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(`${position.startsAtMicros}.${position.id}`, 'utf8').toString('base64url');
}

/** The position, or a 400 on `cursor` for anything this server did not hand out. */
export function decodeCursor(cursor: string): FeedPosition {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = SHAPE.exec(text);
  if (!match?.[1] || !match[2]) {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
      fields: { cursor: 'This page link is not valid; start from the first page' },
    });
  }
  return { startsAtMicros: BigInt(match[1]), id: match[2] };
}
