import {
  type TAlertFeed,
  type TAttendee,
  ZAlertFeed,
  ZAlertFeedItem,
  ZAttendee,
} from '@encore/contract';
import { type Face, type FaceViewer, facesFromKept } from '../domain/kept-faces.ts';
import { startDay } from '../lib/public-response-cache.ts';
import type { FeedFollows } from '../repositories/fan-page-tags.repo.ts';
import type {
  FeedCard,
  FeedViewer,
  ShowKeptFaces,
  ShowWithKeptFaces,
} from '../repositories/fan-pages.repo.ts';
import { firstStart } from './public-cache.ts';
import { showFragmentJson } from './show-fragments.ts';

/**
 * Your Alerts as its route sends it: the JSON, the shows it lists for its tags and expiry, and the
 * fan's follows when its statement read them (the route's tags; otherwise read apart).
 */
export type AlertsPage = {
  json: string;
  showIds: string[];
  firstStartMs: number | null;
  /** With a next page, its last show's day: a later show cannot be on it (decision 061). */
  horizon: string | null;
  follows?: FeedFollows;
};

/**
 * The last day a page soonest first can list a show on: its last show's, when a next page holds
 * the later ones; none when the page holds every show (a new one of any day may join it).
 */
export const horizonOf = (lastStartMs: number | undefined, nextCursor: string | null) =>
  nextCursor !== null && lastStartMs !== undefined ? startDay(lastStartMs) : null;

/**
 * A Your Alerts show fragment (decision 051): the show's public part as ZShow's JSON, and its kept
 * faces (show_faces), from which each fan's card picks its own: for most fans the kept head as it
 * is, already as JSON. Server-side only: the kept lists name fans only some viewers may see.
 */
export type ShowCardFragment = {
  json: string;
  /** No row in show_faces (no going mark): null. */
  faces:
    | (Omit<ShowKeptFaces, 'head'> & {
        /** The head as a card's faces' JSON, and its fans' ids. */
        headJson: string;
        headIds: string[];
      })
    | null;
  /** Its size for the fragments' bound, in characters. */
  chars: number;
};

const ZFaces = ZAttendee.array();
/** A card's own part but its faces, validated as the route's serializer would. */
const ZOwnParts = ZAlertFeedItem.omit({ show: true, faces: true }).array();

const facesJson = (faces: readonly Face[]): string =>
  attendeesJson(faces.map(([id, name, photoUrl]) => ({ id, name: name ?? '', photoUrl })));

/** A card's faces as the route's serializer writes them (validated by ZAttendee). */
export const attendeesJson = (faces: readonly TAttendee[]): string =>
  JSON.stringify(ZFaces.parse(faces));

/** A show's fragment, made once for every fan's page that lists it. */
export function showCardFragment({ show, faces }: ShowWithKeptFaces): ShowCardFragment {
  const json = showFragmentJson(show);
  if (!faces) return { json, faces: null, chars: json.length };
  const headJson = facesJson(faces.head);
  // The kept lists: ids, names and photo paths (~100 characters a fan), beside the JSON.
  const kept = faces.kept.ids.reduce(
    (sum, id, i) => sum + id.length + (faces.kept.names[i]?.length ?? 0) + 64,
    0,
  );
  return {
    json,
    faces: {
      headPublic: faces.headPublic,
      kept: faces.kept,
      headJson,
      headIds: faces.head.map(([id]) => id),
    },
    chars: json.length + headJson.length + kept,
  };
}

/**
 * The faces JSON of `card` for `viewer`, from its show's fragment (facesSql's rule, as the page
 * read whole answers it): the kept head as it is when the viewer blocks no one and is blocked by
 * no one, the head holds no Friends Only fan, and the viewer is not going or is in the head
 * already (most cards); otherwise chosen from the kept lists for the viewer. Null when the kept
 * lists cannot tell (domain/kept-faces.ts): the caller reads those faces.
 */
export function cardFacesJson(
  fragment: ShowCardFragment,
  card: FeedCard,
  viewer: FeedViewer,
): string | null {
  const { faces } = fragment;
  const going = card.own.myAttendance === 'going';
  // No row kept: no one else may be seen going (a going mark always writes one); the viewer's own
  // mark still shows them, as facesSql's rule does.
  if (!faces)
    return going && viewer.me ? facesJson([[viewer.id, viewer.me[0], viewer.me[1]]]) : '[]';
  if (
    (!going || faces.headIds.includes(viewer.id)) &&
    faces.headPublic &&
    viewer.blocks.size === 0
  ) {
    return faces.headJson;
  }
  const me: FaceViewer['me'] =
    going && viewer.me && card.mineAtMicros !== null
      ? { name: viewer.me[0], photo: viewer.me[1], atMicros: card.mineAtMicros }
      : null;
  const chosen = facesFromKept(faces.kept, { ...viewer, me });
  return chosen && facesJson(chosen);
}

/**
 * The page of show fragments (`shows[i]` is `cards[i]`'s, `faces[i]` its faces' JSON) and the
 * fan's own cards: the bytes the route's serializer (ZAlertFeed: validated, then JSON.stringify)
 * writes for the same feed, the cards' own parts validated here, the shows and faces when their
 * fragments were made. A card whose show is gone (deleted between the two reads) is left out, as
 * a read a moment later would.
 */
export function alertsPageOf(
  cards: readonly FeedCard[],
  shows: ReadonlyArray<ShowCardFragment | undefined>,
  faces: ReadonlyArray<string | undefined>,
  nextCursor: string | null,
): AlertsPage {
  const own = ZOwnParts.parse(cards.map((card) => card.own));
  const items: string[] = [];
  own.forEach((part, i) => {
    const show = shows[i];
    // ZAlertFeedItem's keys in its order: show, myAttendance, faces, palsGoing, reason.
    if (show !== undefined) {
      items.push(
        `{"show":${show.json},"myAttendance":${JSON.stringify(part.myAttendance)},"faces":${faces[i] ?? '[]'},"palsGoing":${JSON.stringify(part.palsGoing)},"reason":${JSON.stringify(part.reason)}}`,
      );
    }
  });
  return {
    json: `{"items":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`,
    showIds: cards.map((card) => card.showId),
    firstStartMs: cards[0]?.startsAtMs ?? null,
    horizon: horizonOf(cards.at(-1)?.startsAtMs, nextCursor),
  };
}

/** The page read whole (SHOW_FRAGMENTS=off): ZAlertFeed's serializer's bytes. */
export function alertsPageOfFeed(feed: TAlertFeed): AlertsPage {
  const shows = feed.items.map((item) => item.show);
  const last = shows.at(-1);
  const lastStart = last && Date.parse(last.startsAt);
  return {
    json: JSON.stringify(ZAlertFeed.parse(feed)),
    showIds: shows.map((show) => show.id),
    firstStartMs: firstStart(shows),
    horizon: horizonOf(lastStart, feed.nextCursor),
  };
}
