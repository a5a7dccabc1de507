import { FAN_PLACES_MAX, type TFanPlace } from '@encore/contract';
import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import type { NewFanPlace } from '../domain/fan-place.ts';

const COLUMNS = sql`id, label, city, state, zip_code as "zipCode", radius,
  trip_start::text as "tripStart", trip_end::text as "tripEnd"`;

/** The places fans keep besides home (db/schema/fan-places.ts). SQL only; every statement by fan. */
export function createFanPlacesRepo(orm: Orm) {
  return {
    async list(fanId: string): Promise<TFanPlace[]> {
      const { rows } = await orm.execute<TFanPlace>(sql`
        select ${COLUMNS} from fan_places where fan_id = ${fanId} order by created_at, id`);
      return rows;
    },

    /**
     * Adds the place unless the fan keeps FAN_PLACES_MAX already: false then. The fan's row is
     * locked first, so two adds at once take turns and the second counts the first.
     */
    async add(fanId: string, place: NewFanPlace): Promise<boolean> {
      return orm.transaction(async (tx) => {
        await tx.execute(sql`select 1 from "user" where id = ${fanId} for no key update`);
        const { rows } = await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from fan_places where fan_id = ${fanId}`);
        if ((rows[0]?.n ?? 0) >= FAN_PLACES_MAX) return false;
        await tx.execute(sql`
          insert into fan_places (fan_id, label, city, state, zip_code, latitude, longitude,
            radius, trip_start, trip_end)
          values (${fanId}, ${place.label}, ${place.city}, ${place.state}, ${place.zipCode},
            ${place.latitude}, ${place.longitude}, ${place.radius}, ${place.tripStart}::date,
            ${place.tripEnd}::date)`);
        return true;
      });
    },

    /** Replaces the fan's place; false when the fan has no place of that id. */
    async update(fanId: string, id: string, place: NewFanPlace): Promise<boolean> {
      const { rowCount } = await orm.execute(sql`
        update fan_places set label = ${place.label}, city = ${place.city},
          state = ${place.state}, zip_code = ${place.zipCode}, latitude = ${place.latitude},
          longitude = ${place.longitude}, radius = ${place.radius},
          trip_start = ${place.tripStart}::date, trip_end = ${place.tripEnd}::date
        where fan_id = ${fanId} and id = ${id}`);
      return (rowCount ?? 0) > 0;
    },

    /** Removes the fan's place; false when the fan has no place of that id. */
    async remove(fanId: string, id: string): Promise<boolean> {
      const { rowCount } = await orm.execute(sql`
        delete from fan_places where fan_id = ${fanId} and id = ${id}`);
      return (rowCount ?? 0) > 0;
    },
  };
}

export type FanPlacesRepo = ReturnType<typeof createFanPlacesRepo>;
