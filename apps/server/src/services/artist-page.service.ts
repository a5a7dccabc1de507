import {
  ALERT_MESSAGES,
  PROFILE_EXTRA_MESSAGES,
  SHOW_ROLE_MESSAGES,
  type TArtistAlert,
  type TArtistAlertInput,
  type TArtistPage,
  ZArtistPage,
  ZVenuePage,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { invalid } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import {
  artistPageOf,
  type ProfilePageJson,
  pageOfWhole,
  venuePageOf,
  withAlert,
} from '../http/profile-page-json.ts';
import type { ShowFragments } from '../http/show-fragments.ts';
import type { AlertRepo } from '../repositories/alert.repo.ts';
import type { ArtistProfile, PublicPageRepo } from '../repositories/public-page.repo.ts';

const artistNotFound = () => new AppError('NOT_FOUND', 'Artist not found');
const venueNotFound = () => new AppError('NOT_FOUND', 'Venue not found');

/** The page's artist part, from its profile row. */
const artistOf = (id: string, found: ArtistProfile): TArtistPage['artist'] => ({
  id,
  name: found.artist_name,
  bio: found.bio,
  genres: found.genres,
  photoUrl: found.photo,
  currentlyTouring: found.currently_touring,
  websiteUrl: found.website_url,
  spotifyUrl: found.spotify_url,
  instagramHandle: found.instagram_handle,
  followers: found.followers,
});

/** Public artist and venue pages, and the fan's alerts on artists. */
export function createArtistPages(
  pages: PublicPageRepo,
  alerts: AlertRepo,
  fragments: ShowFragments,
) {
  function fanOnly(user: SessionUser) {
    if (user.role !== 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.fansOnly);
  }

  return {
    /**
     * The page as anyone sees it (alert null), as its JSON: the same for every viewer, so the
     * route may cache it (http/public-cache.ts); `forViewer` adds a fan's own alert to it. Its
     * shows are the kept show fragments (decision 054; the ones not kept read by id), or the page
     * is read whole with SHOW_FRAGMENTS=off.
     */
    async publicArtist(id: string): Promise<ProfilePageJson> {
      if (fragments.off) {
        const found = await pages.artistPage(id);
        if (!found) throw artistNotFound();
        const { upcoming, past } = found;
        return pageOfWhole(ZArtistPage, {
          artist: artistOf(id, found),
          upcoming,
          past,
          alert: null,
        });
      }
      const found = await pages.artistPageIds(id);
      if (!found) throw artistNotFound();
      const showIds = [...found.upcoming_ids, ...found.past_ids];
      const shows = await fragments.shows(showIds, pages.showsByIds);
      const upcoming = shows.slice(0, found.upcoming_ids.length);
      const past = shows.slice(found.upcoming_ids.length);
      return artistPageOf(artistOf(id, found), upcoming, past, {
        showIds,
        firstStartMs: found.first_start_ms,
      });
    },

    /** Artist `id`'s page JSON as the viewer sees it: a fan's with their own alert (one query). */
    async forViewer(
      id: string,
      page: ProfilePageJson,
      viewer: SessionUser | null,
    ): Promise<string> {
      if (viewer?.role !== 'fan') return page.json;
      return withAlert(page, await alerts.find(viewer.id, id));
    },

    /**
     * The venue page as its JSON, made of its shows' kept fragments (decision 054) or read whole
     * with SHOW_FRAGMENTS=off, as the artist page.
     */
    async venue(id: string): Promise<ProfilePageJson> {
      if (fragments.off) {
        const found = await pages.venuePage(id);
        if (!found) throw venueNotFound();
        const { upcoming, ...venue } = found;
        return pageOfWhole(ZVenuePage, { venue: { id, ...venue }, upcoming });
      }
      const found = await pages.venuePageIds(id);
      if (!found) throw venueNotFound();
      const { upcoming_ids: showIds, first_start_ms: firstStartMs, ...venue } = found;
      const upcoming = await fragments.shows(showIds, pages.showsByIds);
      return venuePageOf({ id, ...venue }, upcoming, { showIds, firstStartMs });
    },

    /** Creates or replaces the fan's alert; SMS needs a phone the fan opted in with. */
    async setAlert(user: SessionUser, id: string, input: TArtistAlertInput): Promise<TArtistAlert> {
      fanOnly(user);
      const contact = await alerts.fanContact(user.id);
      if (!contact) throw new AppError('PROFILE_REQUIRED', PROFILE_EXTRA_MESSAGES.profileMissing);
      if (!(await pages.artist(id))) throw artistNotFound();
      if (input.channels.includes('sms') && !(contact.phone && contact.smsOptIn)) {
        throw invalid('channels', ALERT_MESSAGES.smsNeedsPhone);
      }
      const saved = await alerts.upsert(user.id, id, input.channels);
      // Null only if the performer's account went between the check above and the write.
      if (!saved) throw artistNotFound();
      return saved;
    },

    async removeAlert(user: SessionUser, id: string): Promise<void> {
      fanOnly(user);
      await alerts.remove(user.id, id);
    },

    async watching(user: SessionUser) {
      fanOnly(user);
      return { alerts: await alerts.list(user.id) };
    },
  };
}

export type ArtistPages = ReturnType<typeof createArtistPages>;
