import { US_STATES } from '@encore/contract';
import zipcodes from 'zipcodes';
import { findZipHome, type Location } from './zip-location.ts';

/** A place the city listing measures from: a ZIP's centre, or the middle of a city's ZIPs. */
export type NearPlace = Location & {
  label: string;
  city: string;
  state: string;
  zipCode: string | null;
};

export type NearAnswer = { place: NearPlace; otherPlaces: NearPlace[] } | null;

type CityEntry = NearPlace & { zipCount: number };

const STATES = new Set<string>(US_STATES);
/** How many same-name cities the page offers besides the one it lists. */
const OTHER_PLACES_MAX = 5;

/**
 * The city or ZIP a visitor typed, from the bundled US ZIP table (no network): '02118' or
 * '02118-1234' is that ZIP; 'Boston, MA' or 'Boston MA' that city; 'Boston' alone is the largest
 * city of that name (the one with most ZIPs: the table has no population, and a city's ZIP count
 * follows its size), with the others offered. Case and spacing do not matter; 'St.' reads as
 * 'Saint', as the table spells it. Null: no such place.
 */
export function resolveNear(text: string): NearAnswer {
  const near = text.trim().replace(/\s+/g, ' ');
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(near);
  if (zip) {
    const home = findZipHome(zip[1] as string);
    if (!home) return null;
    const label = `${home.city}, ${home.state} ${zip[1]}`;
    return { place: { ...home, label, zipCode: zip[1] as string }, otherPlaces: [] };
  }
  const withState = /^(.+?)(?:,\s*|\s+)([A-Za-z]{2})$/.exec(near);
  const state = withState?.[2]?.toUpperCase();
  if (withState && state && STATES.has(state)) {
    const city = citiesNamed(withState[1] as string).find((c) => c.state === state);
    if (city) return { place: placeOf(city), otherPlaces: [] };
  }
  const [largest, ...others] = citiesNamed(near);
  if (!largest) return null;
  return { place: placeOf(largest), otherPlaces: others.slice(0, OTHER_PLACES_MAX).map(placeOf) };
}

const placeOf = ({ zipCount: _, ...place }: CityEntry): NearPlace => place;

const cityKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/[.,]/g, '')
    .replace(/^(st|ste)\s/, (prefix) => (prefix.startsWith('ste') ? 'sainte ' : 'saint '))
    .replace(/^ft\s/, 'fort ')
    .replace(/^mt\s/, 'mount ')
    .trim();

let byName: Map<string, CityEntry[]> | null = null;

/** Cities of that name, largest first, from an index built once per process from the ZIP table. */
function citiesNamed(name: string): CityEntry[] {
  byName ??= buildCityIndex();
  return byName.get(cityKey(name)) ?? [];
}

/** The middle value: one misplaced ZIP (10200 'New York' sits at 73.95 E) cannot move it. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

function buildCityIndex(): Map<string, CityEntry[]> {
  const sums = new Map<string, { city: string; state: string; lats: number[]; lons: number[] }>();
  for (const code of Object.values(zipcodes.codes)) {
    if (code.country !== 'US' || !STATES.has(code.state)) continue;
    // ZIPs at 0,0 are the table's placeholders: they would drag a city's centre into the ocean.
    if (code.latitude === 0 && code.longitude === 0) continue;
    const key = `${cityKey(code.city)}|${code.state}`;
    const sum = sums.get(key) ?? { city: code.city, state: code.state, lats: [], lons: [] };
    sum.lats.push(code.latitude);
    sum.lons.push(code.longitude);
    sums.set(key, sum);
  }
  const index = new Map<string, CityEntry[]>();
  for (const [key, s] of sums) {
    const name = key.slice(0, key.lastIndexOf('|'));
    const entry: CityEntry = {
      label: `${s.city}, ${s.state}`,
      city: s.city,
      state: s.state,
      zipCode: null,
      latitude: median(s.lats),
      longitude: median(s.lons),
      zipCount: s.lats.length,
    };
    index.set(name, [...(index.get(name) ?? []), entry]);
  }
  for (const entries of index.values()) {
    entries.sort((a, b) => b.zipCount - a.zipCount || a.state.localeCompare(b.state));
  }
  return index;
}
