import type { AlertsOwnCards, KeepOwnCards } from '../services/fan-pages.service.ts';
import { horizonOf } from './alerts-page.ts';
import { FAN_ALERTS_OWN_CARDS, listingTag, showTag, userTag } from './cached-pages.ts';
import type { PrivateCache } from './private-cache.ts';

/**
 * Memory of a fan's own cards, estimated: a card's ids, reason and pals going as strings and
 * objects (~0.5 KB), the rest of the part (follows, viewer, cursor) ~1 KB.
 */
const CARD_BYTES = 512;
const PART_BYTES = 1_024;

/**
 * Your Alerts' own cards kept in the private cache beside the pages (decision 060): the rows
 * FEED_CARDS reads for one fan and page, kept until a change names what they read
 * (http/cached-pages.ts' FAN_ALERTS_OWN_CARDS): the fan (their marks, alerts, settings, pals,
 * blocks), their pals (their marks and who they are), the shows listed (edited, moved,
 * cancelled) and the follows' listings (a show announced that may join). Another fan's going mark
 * on a listed show changes only its fragment: the page goes, these stay, and the page is made
 * again from them and the fragments, without the cards' statement.
 */
export function keepAlertsOwnCards(privatePages: PrivateCache): KeepOwnCards {
  return (fanId, query, request, load) => {
    if (request === undefined) return load();
    return privatePages.part(request, fanId, {
      key: `fanAlertsOwnCards:${JSON.stringify([query.cursor ?? null, query.limit])}`,
      dependsOn: FAN_ALERTS_OWN_CARDS,
      load: async () => {
        const part = await load();
        return {
          value: part,
          tags: ownCardsTags(part),
          // Soonest first, as the page: the first show leaves the feed when it starts.
          expiresAt: part.cards[0]?.startsAtMs ?? null,
          // Its follows' listing tags reach it only up to its last card's day (decision 061).
          horizon: horizonOf(part.cards.at(-1)?.startsAtMs, part.nextCursor),
          bytes: PART_BYTES + part.cards.length * CARD_BYTES,
        };
      },
    });
  };
}

/** The rows the own cards read, as the notices name them (the fan's own tag is added for all). */
function ownCardsTags({ cards, follows, viewer }: AlertsOwnCards): string[] {
  return [
    ...listingTag.follows(follows),
    ...cards.map((card) => showTag(card.showId)),
    ...[...(viewer?.pals ?? [])].map(userTag),
  ];
}
