import { CARD_FACES } from '@encore/contract';
import { describe, expect, it } from 'vitest';
import { type FaceViewer, facesFromKept, type KeptFaceList } from '../../src/domain/kept-faces.ts';

/**
 * A card's faces chosen for its viewer from the show's kept ones (Your Alerts picks them at
 * assembly, from the show's fragment), without a database: show-faces.test.ts checks the same rule
 * against show_attendance through HTTP.
 */
const kept = (ids: string[], friends: string[] = [], complete = true): KeptFaceList => ({
  ids,
  names: ids.map((id) => `name ${id}`),
  photos: ids.map(() => null),
  friends: ids.map((id) => friends.includes(id)),
  // Newest first: a, b, c… marked at 100, 90, 80…
  atMicros: ids.map((_, i) => 100 - i * 10),
  complete,
});
const viewer = (over: Partial<FaceViewer> = {}): FaceViewer => ({
  id: 'me',
  pals: new Set(),
  blocks: new Set(),
  me: null,
  ...over,
});
const ids = (faces: ReturnType<typeof facesFromKept>) => faces?.map(([id]) => id);

describe('faces from the kept ones', () => {
  it('takes the newest CARD_FACES, leaving out blocks either way and others’ Friends Only fans', () => {
    const list = kept(['a', 'b', 'c', 'd', 'e', 'f'], ['b']);
    expect(ids(facesFromKept(list, viewer()))).toEqual(['a', 'c', 'd', 'e']);
    expect(ids(facesFromKept(list, viewer({ pals: new Set(['b']) })))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    expect(ids(facesFromKept(list, viewer({ blocks: new Set(['a', 'c']) })))).toEqual([
      'd',
      'e',
      'f',
    ]);
    expect(facesFromKept(list, viewer())).toHaveLength(CARD_FACES);
  });

  it('puts the viewer by the time of their own mark, kept or not, hidden or not', () => {
    const list = kept(['a', 'me', 'b', 'c', 'd'], ['me']);
    const going = viewer({ me: { name: 'Me', photo: null, atMicros: 85 } });
    expect(facesFromKept(list, going)).toEqual([
      ['a', 'name a', null],
      ['me', 'Me', null],
      ['b', 'name b', null],
      ['c', 'name c', null],
    ]);
    // Not going: never among them, even while the kept lists still hold them.
    expect(ids(facesFromKept(list, viewer()))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('cannot tell when fewer than CARD_FACES pass and fans past the kept ones may exist', () => {
    const list = kept(['a', 'b', 'c', 'd', 'e'], ['a', 'b'], false);
    expect(facesFromKept(list, viewer())).toBeNull();
    // The same lists when every such fan is kept: the three that pass are the answer.
    expect(ids(facesFromKept({ ...list, complete: true }, viewer()))).toEqual(['c', 'd', 'e']);
    // Enough pass: the older fans not kept cannot be among the newest.
    expect(ids(facesFromKept(list, viewer({ pals: new Set(['a']) })))).toEqual([
      'a',
      'c',
      'd',
      'e',
    ]);
  });
});
