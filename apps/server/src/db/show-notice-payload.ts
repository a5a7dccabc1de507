/**
 * The payload of PG_CHANNELS.notice: the notice and whose it is, so a process where that user
 * has no open stream need not read it.
 */
export type NoticePayload = { noticeId: number; userId: string };

export function encodeNotice(noticeId: number, userId: string): string {
  return JSON.stringify({ id: noticeId, user: userId });
}

export function decodeNotice(payload: string): NoticePayload | null {
  try {
    const parsed = JSON.parse(payload) as { id?: unknown; user?: unknown };
    if (typeof parsed.id === 'number' && typeof parsed.user === 'string') {
      return { noticeId: parsed.id, userId: parsed.user };
    }
  } catch {
    // not ours: ignored
  }
  return null;
}
