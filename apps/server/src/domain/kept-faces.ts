import { CARD_FACES } from '@encore/contract';

/** A face as a card lists it: [fan id, tag name, photo]. */
export type Face = [id: string, name: string | null, photo: string | null];

/**
 * A show's kept faces (show_faces, migration 0041): its newest going fans whom someone besides
 * themselves may see, newest mark first, up to SHOW_FACES_KEPT, as parallel lists.
 */
export type KeptFaceList = {
  ids: readonly string[];
  names: ReadonlyArray<string | null>;
  photos: ReadonlyArray<string | null>;
  /** Friends Only: seen by their Show Pals only. */
  friends: ReadonlyArray<boolean | null>;
  /** Each one's going mark, in µs since the epoch. */
  atMicros: readonly number[];
  /** Every fan someone else may see is kept (none left out past SHOW_FACES_KEPT). */
  complete: boolean;
};

/** What choosing a card's faces needs of its viewer. */
export type FaceViewer = {
  id: string;
  /** The viewer's Show Pals. */
  pals: ReadonlySet<string>;
  /** The fans the viewer blocks or is blocked by. */
  blocks: ReadonlySet<string>;
  /** The viewer's own face and its going mark's time, when they are going to this show. */
  me: { name: string | null; photo: string | null; atMicros: number } | null;
};

/**
 * The card's faces for `viewer` from its show's kept ones (fan-show-cards.repo.ts' facesSql rule):
 * a block either way hides a fan, a Friends Only one needs to be a pal; the viewer themself is
 * always seen (their own mark, whatever their settings), in the order of their mark. Exact when
 * the kept list is every such fan (`complete`) or when CARD_FACES of it pass (anyone not kept is
 * older than all the kept): otherwise null, and the caller reads them (rarely: more than
 * SHOW_FACES_KEPT - CARD_FACES of the newest hidden from this viewer).
 */
export function facesFromKept(kept: KeptFaceList, viewer: FaceViewer): Face[] | null {
  const seen: Array<{ face: Face; at: number }> = [];
  for (let i = 0; i < kept.ids.length; i += 1) {
    const id = kept.ids[i] as string;
    if (id === viewer.id || viewer.blocks.has(id)) continue;
    if (kept.friends[i] && !viewer.pals.has(id)) continue;
    seen.push({
      face: [id, kept.names[i] ?? null, kept.photos[i] ?? null],
      at: kept.atMicros[i] as number,
    });
  }
  const others = seen.length;
  if (viewer.me) {
    const { name, photo, atMicros } = viewer.me;
    // Newest first: the viewer's own mark goes before the first kept one older than it.
    const index = seen.findIndex((face) => face.at < atMicros);
    const me = { face: [viewer.id, name, photo] as Face, at: atMicros };
    seen.splice(index === -1 ? seen.length : index, 0, me);
  }
  if (!kept.complete && others < CARD_FACES) return null;
  return seen.slice(0, CARD_FACES).map((face) => face.face);
}

/** A timestamptz as Postgres writes it in JSON ('2026-11-29T11:52:11.753123+00:00'), in µs. */
export function jsonTimeMicros(at: string): number {
  const fraction = /\.(\d+)/.exec(at)?.[1] ?? '';
  const seconds = Date.parse(at.replace(/\.\d+/, ''));
  return seconds * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** The kept lists as a statement hands them over: arrays or null, mark times as JSON text. */
export type KeptFaceColumns = {
  ids: string[] | null;
  names: Array<string | null> | null;
  photos: Array<string | null> | null;
  friends: Array<boolean | null> | null;
  at: string[] | null;
  /** Null: the show has no row (nothing left out). */
  complete: boolean | null;
};

/** The kept lists (KeptFaceColumns) as facesFromKept reads them. */
export function keptFaceListOf(columns: KeptFaceColumns): KeptFaceList {
  return {
    ids: columns.ids ?? [],
    names: columns.names ?? [],
    photos: columns.photos ?? [],
    friends: columns.friends ?? [],
    atMicros: (columns.at ?? []).map(jsonTimeMicros),
    complete: columns.complete !== false,
  };
}
