import { alertFactsOf } from '../repositories/alert-facts.ts';
import type { OutboxRepo } from '../repositories/alerts/outbox.repo.ts';
import { alertBody, alertTitle, showDay, showUrl } from '../texts/alert-text.ts';
import type { DigestItem } from './channel-sender.ts';

/**
 * The shows each claimed carrier of a released digest carries, its own among them, in the order
 * they happen: one query for the whole batch. Keyed by the carrier's delivery id.
 */
export async function readDigestItems(
  outbox: OutboxRepo,
  publicUrl: string,
  carrierIds: readonly number[],
): Promise<Map<number, DigestItem[]>> {
  const byCarrier = new Map<number, DigestItem[]>();
  if (carrierIds.length === 0) return byCarrier;
  const rows = await outbox.carriedItems(carrierIds);
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
