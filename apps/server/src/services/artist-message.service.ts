import {
  ARTIST_MESSAGE_AUDIENCE_LABELS,
  artistMessageLimitMessage,
  ARTIST_MESSAGE_MESSAGES as M,
  type TArtistMessagePreview,
  type TArtistMessagePreviewRequest,
  type TArtistMessageRequest,
  type TArtistMuteResult,
  type TArtistMutes,
  type TSentArtistMessage,
  type TSentArtistMessages,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { guarded } from '../domain/dashboard-figures.ts';
import { resolveNear } from '../domain/near-place.ts';
import { AppError } from '../http/app-error.ts';
import type { ArtistMessageRepo, SentMessageRow } from '../repositories/artist-message.repo.ts';
import type { MessagePlace } from '../repositories/artist-message-audience.repo.ts';

/** 'Sun, Dec 6, 11:20 PM UTC': when the next message may go, in the refusal. */
const NEXT_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

function performerOnly(user: SessionUser): string {
  if (user.role !== 'performer') throw new AppError('FORBIDDEN', M.performersOnly);
  return user.id;
}

function fanOnly(user: SessionUser): string {
  if (user.role !== 'fan') throw new AppError('FORBIDDEN', M.fansOnly);
  return user.id;
}

/** The city or ZIP read as a place, or a field error under `near`. */
function placeOf(input: TArtistMessagePreviewRequest): {
  label: string | null;
  place: MessagePlace;
} {
  if (input.audience === 'all') return { label: null, place: null };
  const found = resolveNear(input.near);
  if (!found) {
    throw new AppError('VALIDATION_FAILED', M.nearUnknown, { fields: { near: M.nearUnknown } });
  }
  const { latitude, longitude, label } = found.place;
  return { label, place: { latitude, longitude, radiusMi: input.radius } };
}

function toSent(r: SentMessageRow): TSentArtistMessage {
  return {
    id: r.id,
    body: r.body,
    audience:
      r.audience === 'all'
        ? ARTIST_MESSAGE_AUDIENCE_LABELS.all
        : `Within ${r.radius_mi} mi of ${r.place_label}`,
    reach: guarded(r.reach),
    sentAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * Artist messages (decision 045): a performer previews an audience's reach (k-anonymous, as the
 * dashboards: under 5 is never told) and sends, at most ARTIST_MESSAGES_PER_WINDOW in a rolling
 * window; fans report messages they got and mute or unmute a performer's messages.
 */
export function createArtistMessageService(repo: ArtistMessageRepo) {
  async function artistOf(performerId: string): Promise<string> {
    const name = await repo.artistName(performerId);
    if (name === null) throw new AppError('PROFILE_REQUIRED', M.performersOnly);
    return name;
  }

  return {
    async preview(
      user: SessionUser,
      input: TArtistMessagePreviewRequest,
    ): Promise<TArtistMessagePreview> {
      const performerId = performerOnly(user);
      const { label, place } = placeOf(input);
      const name = await artistOf(performerId);
      const [reach, next] = await Promise.all([
        repo.reach(performerId, name, place),
        repo.nextAllowedAt(performerId),
      ]);
      return { reach: guarded(reach), place: label, nextAllowedAt: next?.toISOString() ?? null };
    },

    async send(user: SessionUser, input: TArtistMessageRequest): Promise<TSentArtistMessage> {
      const performerId = performerOnly(user);
      const { label, place } = placeOf(input);
      const name = await artistOf(performerId);
      // A message to nobody would only use up one of the week's two.
      if ((await repo.reach(performerId, name, place)) === 0) {
        throw new AppError('CONFLICT', M.noFollowers);
      }
      const result = await repo.send(
        { performerId, body: input.body, audience: input.audience, placeLabel: label, place },
        name,
      );
      if ('limitedUntil' in result) {
        throw new AppError(
          'RATE_LIMITED',
          artistMessageLimitMessage(NEXT_FORMAT.format(result.limitedUntil)),
          { detail: { nextAllowedAt: result.limitedUntil.toISOString() } },
        );
      }
      return toSent(result.sent);
    },

    async sent(user: SessionUser): Promise<TSentArtistMessages> {
      const performerId = performerOnly(user);
      const [rows, next] = await Promise.all([
        repo.sent(performerId),
        repo.nextAllowedAt(performerId),
      ]);
      return { items: rows.map(toSent), nextAllowedAt: next?.toISOString() ?? null };
    },

    /** Only a fan who got the message may report it; the performer is never told who did. */
    async report(user: SessionUser, messageId: string, note: string | undefined): Promise<void> {
      const fanId = fanOnly(user);
      if ((await repo.receivedFrom(fanId, messageId)) === null) {
        throw new AppError('NOT_FOUND', M.messageNotFound);
      }
      await repo.report(fanId, messageId, note?.trim() || null);
    },

    async setMuted(
      user: SessionUser,
      performerId: string,
      muted: boolean,
    ): Promise<TArtistMuteResult> {
      const fanId = fanOnly(user);
      if (!(await repo.isPerformer(performerId))) {
        throw new AppError('NOT_FOUND', M.artistNotFound);
      }
      await (muted ? repo.mute(fanId, performerId) : repo.unmute(fanId, performerId));
      return { performerId, muted };
    },

    async mutes(user: SessionUser): Promise<TArtistMutes> {
      return { items: await repo.mutes(fanOnly(user)) };
    },
  };
}

export type ArtistMessageService = ReturnType<typeof createArtistMessageService>;
