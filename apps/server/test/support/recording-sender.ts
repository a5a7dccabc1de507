import type {
  ChannelSender,
  OutboundChannel,
  OutgoingAlert,
  SendOutcome,
} from '../../src/alerts/channel-sender.ts';
import { budget } from './budget.ts';

/**
 * A stand-in for the outside provider behind a channel: it records every alert it is handed and
 * answers what `answer` says (sent by default), so a test can play a provider that fails for a
 * while. Our own matcher and dispatcher stay real.
 */
export function recordingSender(
  channel: OutboundChannel,
  answer: (alert: OutgoingAlert, attempt: number) => SendOutcome['status'] = () => 'sent',
  batchSize = 50,
) {
  const received: OutgoingAlert[] = [];
  const sender: ChannelSender = {
    channel,
    batchSize,
    async send(alerts) {
      return alerts.map((alert) => {
        received.push(alert);
        const attempt = received.filter((a) => a.deliveryId === alert.deliveryId).length;
        const status = answer(alert, attempt);
        return status === 'sent'
          ? { deliveryId: alert.deliveryId, status }
          : {
              deliveryId: alert.deliveryId,
              status,
              error: `provider said ${status} (#${attempt})`,
            };
      });
    },
  };
  return { sender, received };
}

/**
 * Waits until `check` holds (polling every `pollMs`), or fails after `timeoutMs` (a quiet-host budget, scaled by budget()). A check that is
 * cheap and expected within milliseconds (a notice's round trip) may poll faster.
 */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5_000,
  pollMs = 25,
): Promise<T> {
  const deadline = Date.now() + budget(timeoutMs);
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    // The poll interval of a wait on a condition (bounded by the deadline), not a fixed wait.
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
