import {
  LASTFM_LOVED_TRACKS_LIMIT,
  LASTFM_MESSAGES,
  LASTFM_TOP_ARTISTS_LIMIT,
  type TDiscoveredArtist,
  type TLastfmImportRequest,
  type TLastfmImportResult,
  type TLastfmPreview,
  type TLastfmPreviewRequest,
  type TLastfmStatus,
} from '@encore/contract';
import {
  type LastfmArtist,
  type LastfmClient,
  LastfmUnavailable,
  LastfmUserNotFound,
} from '../adapters/lastfm/lastfm-client.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { matchLastfmArtists } from '../domain/lastfm-artist-match.ts';
import { invalid } from '../domain/show-rules.ts';
import { normaliseArtistName } from '../domain/spotify-artist-match.ts';
import { AppError } from '../http/app-error.ts';
import type { AlertRepo } from '../repositories/alert.repo.ts';
import type { LastfmMatchRepo } from '../repositories/lastfm-match.repo.ts';
import { watchImportedArtists } from './artist-import.service.ts';
import { fanOnly } from './fan-pages.service.ts';

type Source = TLastfmPreview['matches'][number]['sources'][number];
type Found = LastfmArtist & { sources: Source[] };

/** Top and loved artists, each once (by name as Encore compares names), top first. */
function merge(top: LastfmArtist[], loved: LastfmArtist[]): Found[] {
  const byName = new Map<string, Found>();
  const add = (artist: LastfmArtist, source: Source) => {
    const key = normaliseArtistName(artist.name);
    const seen = byName.get(key);
    if (!seen) byName.set(key, { ...artist, sources: [source] });
    else {
      if (!seen.sources.includes(source)) seen.sources.push(source);
      seen.mbid ??= artist.mbid;
    }
  };
  for (const a of top) add(a, 'top');
  for (const a of loved) add(a, 'loved');
  return [...byName.values()];
}

/**
 * Importing artists from a fan's Last.fm (by username, through the public API): a preview of
 * the top and loved-track artists with the Encore artist each certainly is, those the fan must
 * choose between and those not on Encore; then alerts on the artists chosen. Nothing is stored
 * about the Last.fm account.
 */
export function createLastfmImport(deps: {
  client: LastfmClient | undefined;
  matches: LastfmMatchRepo;
  alerts: AlertRepo;
  /** Why Last.fm failed, for the operator (never the username or the key). */
  warn: (reason: string) => void;
}) {
  const { matches, alerts } = deps;

  async function read(username: string) {
    const { client } = deps;
    if (!client) throw new AppError('UNAVAILABLE', LASTFM_MESSAGES.notConfigured);
    try {
      const [top, loved] = await Promise.all([
        client.topArtists(username, LASTFM_TOP_ARTISTS_LIMIT),
        client.lovedTrackArtists(username, LASTFM_LOVED_TRACKS_LIMIT),
      ]);
      return { username: top.username, artists: merge(top.artists, loved) };
    } catch (error) {
      if (error instanceof LastfmUserNotFound) {
        throw invalid('username', LASTFM_MESSAGES.userNotFound);
      }
      if (error instanceof LastfmUnavailable) {
        deps.warn(error.reason);
        throw new AppError('LASTFM_UNAVAILABLE', LASTFM_MESSAGES.unavailable);
      }
      throw error;
    }
  }

  return {
    status(user: SessionUser): TLastfmStatus {
      fanOnly(user);
      return { configured: Boolean(deps.client) };
    },

    async preview(user: SessionUser, input: TLastfmPreviewRequest): Promise<TLastfmPreview> {
      const fanId = fanOnly(user);
      const { username, artists } = await read(input.username);
      const candidates = await matches.candidates(
        [...new Set(artists.map((a) => normaliseArtistName(a.name)))],
        [...new Set(artists.flatMap((a) => (a.mbid ? [a.mbid] : [])))],
      );
      const found = matchLastfmArtists(artists, candidates);
      const ids = [
        ...new Set(
          found.flatMap((m) =>
            m.kind === 'match' ? [m.performerId] : m.kind === 'ambiguous' ? m.performerIds : [],
          ),
        ),
      ];
      const cards = new Map((await matches.cards(fanId, ids)).map((c) => [c.id, c]));
      const card = (id: string) => cards.get(id);
      const preview: TLastfmPreview = {
        username,
        lastfmArtists: artists.length,
        matches: [],
        ambiguous: [],
        unmatched: [],
      };
      const offered = new Set<string>();
      artists.forEach((artist, i) => {
        const match = found[i];
        const { name: lastfmName, sources } = artist;
        if (match?.kind === 'match') {
          const encore = card(match.performerId);
          // One Encore artist under two Last.fm names (by MBID and by name): offered once.
          if (encore && !offered.has(encore.id)) {
            offered.add(encore.id);
            preview.matches.push({ artist: encore, lastfmName, sources });
          }
          if (encore) return;
        } else if (match?.kind === 'ambiguous') {
          const choices = match.performerIds
            .map(card)
            .filter((c): c is TDiscoveredArtist => c !== undefined);
          if (choices.length > 0) {
            preview.ambiguous.push({ lastfmName, sources, artists: choices });
            return;
          }
        }
        preview.unmatched.push(lastfmName);
      });
      return preview;
    },

    import(user: SessionUser, input: TLastfmImportRequest): Promise<TLastfmImportResult> {
      return watchImportedArtists(alerts, user, input);
    },
  };
}

export type LastfmImport = ReturnType<typeof createLastfmImport>;
