import type { TicketClickRepo } from '../repositories/ticket-click.repo.ts';

const WEB_SCHEMES = new Set(['http:', 'https:']);

/**
 * The stored URL, normalised, when it is a web address. The contract only ever stored http(s)
 * links, but this answer becomes a Location header on our origin: a row written any other way
 * (a future import, a hand edit) must not turn the redirect into a `javascript:` or open one.
 */
function webUrl(stored: string): string | null {
  try {
    const url = new URL(stored);
    return WEB_SCHEMES.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** 'Purchase Ticket(s)' goes through Encore so that performers and venues see clicks per show. */
export function createTicketClicks(repo: TicketClickRepo) {
  return {
    /**
     * Where the show's ticket link leads, counting the click when `count` (a HEAD is a link
     * checker's, not a fan's); null, with nothing counted, for a show without a public ticket
     * link (unknown, pending, cancelled, no URL).
     */
    async follow(showId: string, { count }: { count: boolean }): Promise<string | null> {
      const stored = await repo.ticketUrl(showId);
      const target = stored === null ? null : webUrl(stored);
      if (target === null) return null;
      if (count) await repo.countClick(showId);
      return target;
    },
  };
}

export type TicketClicks = ReturnType<typeof createTicketClicks>;
