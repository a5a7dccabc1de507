import {
  FAN_PAGE_MESSAGES,
  showLocalStart,
  type TFanHomeShow,
  type TShowsAttended,
  type TShowsAttending,
} from '@encore/contract';
import type { SessionUser } from '../auth/session-user.ts';
import {
  type AlertsPage,
  alertsPageOf,
  alertsPageOfFeed,
  attendeesJson,
  cardFacesJson,
  showCardFragment,
} from '../http/alerts-page.ts';
import { AppError } from '../http/app-error.ts';
import type { ShowCardFragments } from '../http/show-fragments.ts';
import type { FanPageTagsRepo, FeedFollows } from '../repositories/fan-page-tags.repo.ts';
import type {
  FanHomePage,
  FanPagesRepo,
  FeedCard,
  FeedQuery,
  FeedViewer,
} from '../repositories/fan-pages.repo.ts';

/** Performers and venues have their own pages; these are a fan's, counted from the fan's rows. */
export function fanOnly(user: SessionUser): string {
  if (user.role !== 'fan') throw new AppError('FORBIDDEN', FAN_PAGE_MESSAGES.fansOnly);
  return user.id;
}

/**
 * A fan home card with its start written in the venue's zone, as the web prints it: the
 * dashboard's first screen then builds no Intl formatter on a slow phone.
 */
const withLocalStart = (card: TFanHomeShow): TFanHomeShow => ({
  ...card,
  startsLocal: showLocalStart(card.show.startsAt, card.show.timeZone),
});

/**
 * Your Alerts' own cards: the fan's part of each card of a page (decision 051), the cursor of the
 * next, the follows that bring shows in (the page's tags) and what choosing faces needs of the
 * fan (none on an empty page).
 */
export type AlertsOwnCards = {
  cards: FeedCard[];
  nextCursor: string | null;
  follows: FeedFollows;
  viewer?: FeedViewer;
};

/**
 * Where a fan's own cards are kept between their pages (http/alerts-own-cards.ts, decision 060):
 * `load` reads them. The default keeps nothing.
 */
export type KeepOwnCards = (
  fanId: string,
  query: FeedQuery,
  request: object | undefined,
  load: () => Promise<AlertsOwnCards>,
) => Promise<AlertsOwnCards>;

const readEveryTime: KeepOwnCards = (_fanId, _query, _request, load) => load();

/**
 * The fan's dashboard, alerts feed and show lists. A fan who has not finished setup simply has no
 * rows yet, so every page answers with zeros and empty lists rather than an error.
 */
export function createFanPages(
  repo: FanPagesRepo,
  tags: FanPageTagsRepo,
  fragments: ShowCardFragments,
  keepOwnCards: KeepOwnCards = readEveryTime,
) {
  const loadShowCards = async (ids: string[]) =>
    new Map(
      (await repo.alertsFeedShows(ids)).map((show) => [show.show.id, showCardFragment(show)]),
    );

  return {
    async home(user: SessionUser): Promise<FanHomePage> {
      const home = await repo.home(fanOnly(user));
      return {
        ...home,
        nextShow: home.nextShow && withLocalStart(home.nextShow),
        toConfirm: home.toConfirm.map(withLocalStart),
      };
    },

    /**
     * Your Alerts as its route sends it: the fan's own part of each card (kept apart from the
     * page, decision 060, or read), joined to the shows' kept fragments (decision 051; the shows
     * not kept read by id) and each card's faces chosen from its fragment's for the fan (those the
     * kept lists cannot tell read apart), or read whole with SHOW_FRAGMENTS=off. `request`: the
     * HTTP request, whose one barrier the own cards and the fragments share.
     */
    async alerts(
      user: SessionUser,
      query: { cursor?: string; limit: number },
      request?: object,
    ): Promise<AlertsPage> {
      const fanId = fanOnly(user);
      if (fragments.off) return alertsPageOfFeed(await repo.alertsFeed(fanId, query));
      const { cards, nextCursor, follows, viewer } = await keepOwnCards(
        fanId,
        query,
        request,
        async () => {
          const read = await repo.alertsFeedCards(fanId, query);
          // An empty page has no row to carry the follows: read apart (the page's tags).
          return { ...read, follows: read.follows ?? (await tags.follows(fanId)) };
        },
      );
      const ids = cards.map((card) => card.showId);
      const shows = await fragments.get(ids, loadShowCards, request);
      const chosen = cards.map((card, i) => {
        const show = shows[i];
        return show && viewer ? cardFacesJson(show, card, viewer) : undefined;
      });
      // The faces the kept lists cannot tell (rarely), read in one statement.
      const untold = ids.filter((_, i) => chosen[i] === null);
      const read = untold.length > 0 ? await repo.alertsFeedFaces(fanId, untold) : new Map();
      const faces = chosen.map((json, i) =>
        json === null ? attendeesJson(read.get(ids[i] as string) ?? []) : json,
      );
      return { ...alertsPageOf(cards, shows, faces, nextCursor), follows };
    },

    async attending(user: SessionUser): Promise<TShowsAttending> {
      return { shows: await repo.attending(fanOnly(user)) };
    },

    attended(user: SessionUser): Promise<TShowsAttended> {
      return repo.attended(fanOnly(user));
    },

    /** What brings a show into Your Alerts: the watched performers, the favourite genres. */
    alertsFollows(user: SessionUser): Promise<FeedFollows> {
      return tags.follows(fanOnly(user));
    },
  };
}

export type FanPages = ReturnType<typeof createFanPages>;
