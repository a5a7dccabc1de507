import { homeTimeZone } from '../domain/home-time-zone.ts';
import { alertFactsOf } from '../repositories/alert-facts.repo.ts';
import type { OutboxRepo } from '../repositories/alerts/outbox.repo.ts';
import { alertBody, alertTitle, showDay, showUrl } from '../texts/alert-text.ts';
import { type DigestItem, deliveryKey, type OutboundChannel } from './channel-sender.ts';

/**
 * The shows each claimed carrier of a released digest carries, its own among them, in the order
 * they happen: one query for the whole batch. Keyed by the carrier's delivery key.
 */
export async function readDigestItems(
  outbox: OutboxRepo,
  publicUrl: string,
  channel: OutboundChannel,
  carriers: ReadonlyArray<{ show_event_id: string; fan_id: string; zip_code: string | null }>,
): Promise<Map<string, DigestItem[]>> {
  const byCarrier = new Map<string, DigestItem[]>();
  if (carriers.length === 0) return byCarrier;
  const rows = await outbox.carriedItems(channel, {
    events: carriers.map((c) => c.show_event_id),
    fans: carriers.map((c) => c.fan_id),
  });
  // Each show's time is told in the carrier's fan's zone, as its single alert would be (outbox.ts).
  const zones = new Map(carriers.map((c) => [c.fan_id, homeTimeZone(c.zip_code)]));
  for (const r of rows) {
    const facts = alertFactsOf(r);
    const carrier = deliveryKey(r.carrier_event_id, r.fan_id, channel);
    const items = byCarrier.get(carrier) ?? [];
    items.push({
      deliveryId: deliveryKey(r.show_event_id, r.fan_id, channel),
      title: alertTitle(facts),
      body: alertBody(facts, new Date(), zones.get(r.fan_id) ?? null),
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
