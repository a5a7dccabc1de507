import { sql } from 'drizzle-orm';
import type { Orm } from '../db/client.ts';
import {
  ALERT_FACTS_COLUMNS,
  ALERT_FACTS_JOINS,
  type AlertFactsRow,
  alertBody,
  alertFactsOf,
  alertTitle,
  showDay,
  showUrl,
} from './alert-text.ts';
import type { DigestItem } from './channel-sender.ts';

type ItemRow = AlertFactsRow & { id: string; carrier: string; reason: string; show_id: string };

/**
 * The shows each claimed carrier of a released digest carries, its own among them, in the order
 * they happen: one query for the whole batch. Keyed by the carrier's delivery id.
 */
export async function readDigestItems(
  orm: Orm,
  publicUrl: string,
  carrierIds: readonly number[],
): Promise<Map<number, DigestItem[]>> {
  const byCarrier = new Map<number, DigestItem[]>();
  if (carrierIds.length === 0) return byCarrier;
  const ids = sql.param(carrierIds.map(String));
  const { rows } = await orm.execute<ItemRow>(sql`
    select d.id::text as id, coalesce(d.carrier_id, d.id)::text as carrier, e.kind, d.reason,
      s.id as show_id, ${sql.raw(ALERT_FACTS_COLUMNS)}
    from alert_deliveries d
    join show_events e on e.id = d.show_event_id
    join shows s on s.id = e.show_id
    ${sql.raw(ALERT_FACTS_JOINS)}
    where d.id = any(${ids}::bigint[]) or d.carrier_id = any(${ids}::bigint[])
    order by s.starts_at, d.id`);
  for (const r of rows) {
    const facts = alertFactsOf(r);
    const carrier = Number(r.carrier);
    const items = byCarrier.get(carrier) ?? [];
    items.push({
      deliveryId: Number(r.id),
      title: alertTitle(facts),
      body: alertBody(facts),
      reason: r.reason,
      artist: r.artist,
      day: showDay(facts),
      showId: r.show_id,
      showUrl: showUrl(publicUrl, r.show_id),
    });
    byCarrier.set(carrier, items);
  }
  return byCarrier;
}
