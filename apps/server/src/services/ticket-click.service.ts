import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { checkTicketUrl } from '@encore/contract';
import type { TicketClickRepo } from '../repositories/ticket-click.repo.ts';

/** Who followed a link: the signed-in user, else the client's address (request.ip). */
export type TicketVisitor = { userId: string | null; address: string };

/**
 * The network a client address stands for. One household or phone holds a whole IPv6 /64 and can
 * pick a new address in it for every request, so an IPv6 visitor is its /64; an IPv4-mapped IPv6
 * address is its IPv4 one.
 */
export function visitorNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0');
  const groups = tail === undefined ? front : [...front, ...zeros, ...back];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * 'Purchase Ticket(s)' goes through Encore so that performers and venues see clicks per show:
 * one per visitor per show per UTC day, so reloading or scripting the link adds nothing.
 * `now` is the clock the day is read from (tests drive it).
 */
export function createTicketClicks(
  repo: TicketClickRepo,
  { secret, now = () => new Date() }: { secret: string; now?: () => Date },
) {
  // A key of its own, derived from the server's secret (as the Spotify token cipher's): these
  // MACs never match one made for another purpose.
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'encore', 'encore ticket click visitors v1', 32),
  );
  /**
   * The visitor as stored: a MAC of the day and the visitor, never the address or user id, and
   * unlinkable from one day to the next without the secret.
   */
  const visitorKey = (day: string, visitor: TicketVisitor) =>
    createHmac('sha256', key)
      .update(
        visitor.userId === null
          ? `${day}\naddress\n${visitorNetwork(visitor.address)}`
          : `${day}\nuser\n${visitor.userId}`,
      )
      .digest('base64url');

  return {
    /**
     * Where the show's ticket link leads, counting the click when `count` (a HEAD is a link
     * checker's, not a fan's) and the visitor has not been counted on it today; null, with
     * nothing counted, for a show without a public ticket link (unknown, pending, cancelled, no
     * URL), or whose stored URL fails the ticket link rule (stored before the rule, or around
     * the API): the answer is a Location header on Encore's origin.
     */
    async follow(
      showId: string,
      { count, visitor }: { count: boolean; visitor: TicketVisitor },
    ): Promise<string | null> {
      const stored = await repo.ticketUrl(showId);
      const checked = stored === null ? null : checkTicketUrl(stored);
      if (!checked?.ok) return null;
      if (count) {
        const day = now().toISOString().slice(0, 10);
        await repo.countClick(showId, day, visitorKey(day, visitor));
      }
      return checked.href;
    },
  };
}

export type TicketClicks = ReturnType<typeof createTicketClicks>;
