import type { ZShowInput } from '@encore/contract';
import type { z } from 'zod';
import type { ShowValues } from '../repositories/show.repo.ts';

type ShowInput = z.output<typeof ZShowInput>;

/**
 * The columns of a new show from the announce form's input, once the server has placed it: one
 * mapping for the API's announcements and the demo data's, so both write the same rows.
 */
export function showRowFrom(
  input: ShowInput,
  placed: {
    place: { latitude: number; longitude: number };
    timeZone: string;
    startsAt: Date;
    onSaleAt: Date | null;
    genre: string;
  },
) {
  const external = input.externalVenue;
  return {
    performerId: input.performerId,
    venueId: input.venueId,
    externalName: external?.name ?? null,
    externalStreet: external?.streetAddress ?? null,
    externalCity: external?.city ?? null,
    externalState: external?.state ?? null,
    externalZip: external?.zipCode ?? null,
    latitude: placed.place.latitude,
    longitude: placed.place.longitude,
    startsAt: placed.startsAt,
    timeZone: placed.timeZone,
    ticketUrl: input.ticketUrl ?? null,
    priceMin: input.priceMin,
    priceMax: input.priceMax,
    onSaleAt: placed.onSaleAt,
    genre: placed.genre,
  } satisfies Partial<ShowValues>;
}
