import type { OutgoingAlert } from '../../src/alerts/channel-sender.ts';

let nextDeliveryId = 1;

/** An alert as the dispatcher hands it to a channel sender; the fan must exist for some channels. */
export function outgoingAlert(overrides: Partial<OutgoingAlert> = {}): OutgoingAlert {
  const n = nextDeliveryId++;
  return {
    deliveryId: `delivery-${n}`,
    showEventId: 'event-1',
    fanId: 'fan-without-account',
    channel: 'email',
    email: `fan${n}@example.com`,
    phone: '(212) 555-0142',
    kind: 'announced',
    title: 'Night Static announced a show',
    body: 'Sat, Jun 14, 8:00 PM · The Lantern, Chicago, IL',
    reason: 'You watch Night Static',
    showId: 'show-1',
    showUrl: 'http://localhost:3000/shows/show-1',
    attempts: 0,
    ...overrides,
  };
}
