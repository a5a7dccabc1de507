import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';

/** A fan's home as a place to ask for: its ZIP, city and state (zip_places), and its point. */
export type RequestPlace = {
  zipCode: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
};

/** Fans' requests for a show near them (db/schema/show-requests.ts). SQL only. */
export function createShowRequestRepo(orm: Orm) {
  return {
    /** The fan's home place; null without a fan profile. The city and state are the ZIP's. */
    async homeOf(fanId: string): Promise<RequestPlace | null> {
      const { rows } = await orm.execute<RequestPlace>(sql`
        select fp.zip_code as "zipCode", coalesce(zp.city, fp.home_city) as city,
          coalesce(zp.state, '') as state, fp.latitude, fp.longitude
        from fan_profiles fp
        left join zip_places zp on zp.zip_code = fp.zip_code
        where fp.user_id = ${fanId}`);
      return rows[0] ?? null;
    },

    async isPerformer(id: string): Promise<boolean> {
      const { rows } = await orm.execute(sql`
        select 1 from "user" where id = ${id} and role = 'performer'`);
      return rows.length > 0;
    },

    /** Whether the fan has an open request on this place, and how many fans asked for its city. */
    async stateAt(
      fanId: string,
      performerId: string,
      place: RequestPlace,
    ): Promise<{ requested: boolean; fans: number }> {
      const { rows } = await orm.execute<{ requested: boolean; fans: number }>(sql`
        select
          exists (select 1 from show_requests where status = 'open' and fan_id = ${fanId}
            and performer_id = ${performerId} and zip_code = ${place.zipCode}) as requested,
          (select count(distinct fan_id)::int from show_requests where status = 'open'
            and performer_id = ${performerId} and city = ${place.city}
            and state = ${place.state}) as fans`);
      return rows[0] ?? { requested: false, fans: 0 };
    },

    /** The open request, or false when the fan already has one on this place. */
    async open(fanId: string, performerId: string, place: RequestPlace): Promise<boolean> {
      const { rowCount } = await orm.execute(sql`
        insert into show_requests (fan_id, performer_id, zip_code, city, state, latitude, longitude)
        values (${fanId}, ${performerId}, ${place.zipCode}, ${place.city}, ${place.state},
          ${place.latitude}, ${place.longitude})
        on conflict (fan_id, performer_id, zip_code) where status = 'open' do nothing`);
      return (rowCount ?? 0) > 0;
    },

    /** Withdraws the open request on this place; false when there was none. */
    async withdraw(fanId: string, performerId: string, zipCode: string): Promise<boolean> {
      const { rowCount } = await orm.execute(sql`
        delete from show_requests where status = 'open' and fan_id = ${fanId}
          and performer_id = ${performerId} and zip_code = ${zipCode}`);
      return (rowCount ?? 0) > 0;
    },
  };
}

export type ShowRequestRepo = ReturnType<typeof createShowRequestRepo>;
