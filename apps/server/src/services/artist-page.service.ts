import {
  ALERT_MESSAGES,
  PROFILE_EXTRA_MESSAGES,
  SHOW_ROLE_MESSAGES,
  type TArtistAlert,
  type TArtistAlertInput,
  type TArtistPage,
  type TVenuePage,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import { invalid } from '../domain/show-rules.ts';
import { AppError } from '../http/app-error.ts';
import type { AlertRepo } from '../repositories/alert.repo.ts';
import type { PublicPageRepo } from '../repositories/public-page.repo.ts';

const artistNotFound = () => new AppError('NOT_FOUND', 'Artist not found');

/** Public artist and venue pages, and the fan's alerts on artists. */
export function createArtistPages(pages: PublicPageRepo, alerts: AlertRepo) {
  function fanOnly(user: SessionUser) {
    if (user.role !== 'fan') throw new AppError('FORBIDDEN', SHOW_ROLE_MESSAGES.fansOnly);
  }

  return {
    /**
     * The page as anyone sees it (alert null): the same for every viewer, so the route may cache
     * it (http/public-cache.ts); `forViewer` adds a fan's own alert on top.
     */
    async publicArtist(id: string): Promise<TArtistPage> {
      const found = await pages.artistPage(id);
      if (!found) throw artistNotFound();
      return {
        artist: {
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
        },
        upcoming: found.upcoming,
        past: found.past,
        alert: null,
      };
    },

    /** The viewer's own part of the page: a fan's alert on the artist (one small query). */
    async forViewer(page: TArtistPage, viewer: SessionUser | null): Promise<TArtistPage> {
      if (viewer?.role !== 'fan') return page;
      return { ...page, alert: await alerts.find(viewer.id, page.artist.id) };
    },

    async venue(id: string): Promise<TVenuePage> {
      const found = await pages.venue(id);
      if (!found) throw new AppError('NOT_FOUND', 'Venue not found');
      const p = found.profile;
      return {
        venue: {
          id,
          name: p.venueName,
          description: p.description,
          streetAddress: p.streetAddress,
          city: p.city,
          state: p.state,
          zipCode: p.zipCode,
          capacity: p.maxCapacity,
          venueType: p.venueType,
          ageRestriction: p.ageRestriction,
          amenities: p.amenities,
          websiteUrl: p.websiteUrl,
          photoUrl: found.photoUrl,
        },
        upcoming: await pages.venueUpcoming(id),
      };
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
