import {
  CITY_SHOWS_DEFAULT_RADIUS,
  CITY_SHOWS_MESSAGES,
  CITY_SHOWS_PAGE_SIZE,
  type TCityShows,
  type ZCityShowsQuery,
} from '@encore/contract';
import type { z } from 'zod';
import { type DateWindow, quickRange, windowBounds } from '../domain/date-window.ts';
import { METERS_PER_MILE } from '../domain/earth.ts';
import { type Cell, cellsWithin } from '../domain/listing-cells.ts';
import { type NearPlace, resolveNear } from '../domain/near-place.ts';
import { timeZoneAt } from '../domain/time-zone-at.ts';
import { AppError } from '../http/app-error.ts';
import { utcToLocal } from '../lib/local-time.ts';
import type { CityShowsRepo } from '../repositories/city-shows.repo.ts';

type Query = z.output<typeof ZCityShowsQuery>;

const publicPlace = ({ label, city, state, zipCode }: NearPlace) => ({
  label,
  city,
  state,
  zipCode,
});

/**
 * The public listing of shows near a city or ZIP. Open to anyone: the page is
 * shared as a link, so nothing depends on who asks. A place the ZIP table does not know is a
 * field error on `near`, which the page shows above its search box.
 */
export function createCityShows(repo: CityShowsRepo) {
  return {
    async list(query: Query, now = new Date()): Promise<TCityShows> {
      const found = resolveNear(query.near);
      if (!found) {
        throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields', {
          fields: { near: CITY_SHOWS_MESSAGES.unknownPlace(query.near) },
        });
      }
      const { place, otherPlaces } = found;
      const dates = dateWindow(query, place, now);
      const radiusMiles = query.radius ?? CITY_SHOWS_DEFAULT_RADIUS;
      const page = query.page ?? 1;
      const rows = await repo.near({
        latitude: place.latitude,
        longitude: place.longitude,
        radiusMiles,
        now,
        fromDay: dates?.from ?? null,
        toDay: dates?.to ?? null,
        ...(dates ? windowBounds(dates) : { after: null, before: null }),
        genre: query.genre ?? null,
        offset: (page - 1) * CITY_SHOWS_PAGE_SIZE,
        // One more than a page says whether there is a next one, in the same statement.
        limit: CITY_SHOWS_PAGE_SIZE + 1,
      });
      return {
        place: publicPlace(place),
        otherPlaces: otherPlaces.map(publicPlace),
        radiusMiles,
        dates,
        page,
        hasNext: rows.length > CITY_SHOWS_PAGE_SIZE,
        shows: rows.slice(0, CITY_SHOWS_PAGE_SIZE),
      };
    },
    /**
     * The map's cells a listing's circle touches (decision 055), its place as `list` read it and
     * its radius as the page says: the page is dropped by a show added, removed or moved in one of
     * them, not by every show in the country.
     */
    cells(near: string, radiusMiles: number): Cell[] {
      const found = resolveNear(near);
      if (!found) return [];
      const { latitude, longitude } = found.place;
      return cellsWithin(latitude, longitude, radiusMiles * METERS_PER_MILE);
    },
  };
}

/** The query's dates as local days: a quick range is read on the place's own calendar. */
function dateWindow(query: Query, place: NearPlace, now: Date): DateWindow | null {
  if (query.when) {
    // A city (no ZIP) is placed at the middle of its ZIPs: the coordinate lookup decides.
    const zone = timeZoneAt(place.latitude, place.longitude, place.state, place.zipCode);
    return quickRange(query.when, utcToLocal(now, zone).slice(0, 10));
  }
  if (!query.from && !query.to) return null;
  return { from: query.from ?? null, to: query.to ?? null };
}

export type CityShows = ReturnType<typeof createCityShows>;
