import { GENRES, TOUR_REGION_NAMES, type TTourCity, type TTourRegion } from '@encore/contract';
import zipcodes from 'zipcodes';
import type { PromptText } from './prompt-text.ts';
import {
  AMBIGUOUS_LOWERCASE_CODES,
  isUsState,
  type TUsState,
  US_STATE_NAMES,
} from './us-state-names.ts';

/** How a prompt names each region (longest first, so "pacific northwest" wins over "northwest"). */
const REGION_ALIASES: [RegExp, TTourRegion][] = [
  [/\b(?:the\s+)?pacific\s+north-?\s?west\b|\bPNW\b/i, 'Pacific Northwest'],
  [/\b(?:the\s+)?new\s+england\b/i, 'New England'],
  [/\b(?:the\s+)?mid-?\s?atlantic\b/i, 'Mid-Atlantic'],
  [/\b(?:the\s+)?east(?:ern)?\s+(?:coast|seaboard)\b/i, 'East Coast'],
  [/\b(?:the\s+)?west\s+coast\b/i, 'West Coast'],
  [/\b(?:the\s+)?north-?\s?east(?:ern)?\b/i, 'Northeast'],
  [/\b(?:the\s+)?south-?\s?east(?:ern)?\b/i, 'Southeast'],
  [/\b(?:the\s+)?south-?\s?west(?:ern)?\b/i, 'Southwest'],
  [/\b(?:the\s+)?mid-?\s?west(?:ern)?\b/i, 'Midwest'],
  // "South" and "West" alone only with an article: "South Carolina", "West Virginia" are states.
  [/\b(?:the|down|deep)\s+south\b(?!\s+(?:carolina|dakota))|\bsouthern\s+states\b/i, 'South'],
  [/\b(?:the|out)\s+west\b(?!\s+virginia)|\bwestern\s+states\b/i, 'West'],
];

export const STATE_NAME_SRC = Object.values(US_STATE_NAMES)
  .sort((a, b) => b.length - a.length)
  .map((name) => name.replace(/ /g, '\\s+'))
  .join('|');

/** A state from a code or a name; lowercase "in"/"or"/"me" only where a state is expected. */
export function readStateWord(word: string, stateExpected: boolean): TUsState | null {
  const text = word.trim();
  if (/^[A-Z]{2}$/.test(text)) return isUsState(text) ? text : null;
  if (/^[a-z]{2}$/.test(text)) {
    const code = text.toUpperCase();
    if (!isUsState(code)) return null;
    return stateExpected && !AMBIGUOUS_LOWERCASE_CODES.has(text) ? code : null;
  }
  const entry = Object.entries(US_STATE_NAMES).find(
    ([, name]) => name.toLowerCase() === text.toLowerCase().replace(/\s+/g, ' '),
  );
  return entry && isUsState(entry[0]) ? entry[0] : null;
}

const cityName = (words: string[]) => words.join(' ').replace(/[.']+$/, '');

/** Capitalised words that are also US place names but, in a tour prompt, mean something else. */
const NOT_CITIES = new Set(
  [
    ...GENRES,
    ...TOUR_REGION_NAMES,
    ...Object.values(US_STATE_NAMES),
    'max',
    'rock',
    'west',
    'east',
    'north',
    'south',
    'early',
    'late',
    'mid',
    'may',
    'encore',
    'indie',
    'plan',
    'tour',
    'book',
    'play',
    'must',
    'only',
    'avoid',
    'fixed',
    'between',
    'from',
    'and',
    'or',
    'the',
    'next',
    'this',
    'spring',
    'summer',
    'fall',
    'winter',
    'friday',
    'sunday',
    'march',
    'august',
    'june',
    'april',
    'christmas',
    'easter',
    'day',
    'union',
    'center',
    'college',
    'university',
    'city',
    'hi',
    'ok',
    'cap',
    'capacity',
    'start',
    'miles',
    'holiday',
    'singer',
    'money',
    'home',
    'hometown',
    'eastern',
    'western',
    'central',
    'mountain',
    'pacific',
    'atlantic',
    'gulf',
    'bay',
    'valley',
    'springs',
    'beach',
    'lake',
    'river',
    'hill',
    'hills',
    'park',
    'centre',
  ].map((word) => word.toLowerCase()),
);

let knownCities: Map<string, string> | null = null;
/** US city names from the bundled ZIP table (~20,000), lowercased → as written, built on first use. */
function knownCityNames(): Map<string, string> {
  knownCities ??= new Map(
    Object.values(zipcodes.codes).map((place) => [place.city.toLowerCase(), place.city]),
  );
  return knownCities;
}
const cityKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/^st\.?\s+/, 'saint ')
    .replace(/^ft\.?\s+/, 'fort ');

function isKnownCity(name: string, stateNamesToo = false): boolean {
  const key = cityKey(name);
  const stateName = stateNamesToo && readStateWord(name, false) !== null;
  return (stateName || !NOT_CITIES.has(key)) && knownCityNames().has(key);
}

/**
 * Lowercase words that are also US place names but, after "in" or "to" in a tour prompt, are
 * about the rooms or the run ("in clubs", "to fans"); capitalised, they stay cities.
 */
const NOT_LOWERCASE_CITIES = new Set(['clubs', 'fans', 'total', 'person', 'order', 'time', 'town']);

/**
 * Cities typed in lowercase ("in boston, philadelphia and new york"): only after a word that
 * introduces places, and only names from the ZIP table, written as the table writes them. A
 * lowercase word alone elsewhere is too often an ordinary word to be read as a city.
 */
function readLowercaseCities(text: PromptText, addCity: (city: string) => void): void {
  const word = "(?!and\\b)[a-z][a-z.'-]*";
  const name = `${word}(?:\\s+${word}){0,2}`;
  const list = new RegExp(
    `\\b(?:in|to|through|via|hitting|hit|play|playing|around|near|including|visit|visiting)\\s+(?=(${name}(?:\\s*(?:,|&|\\band\\b)\\s*${name})*))`,
    'g',
  );
  const typed = new Set<string>();
  for (const m of text.value.matchAll(list)) {
    for (const item of (m[1] ?? '').split(/\s*(?:,|&|\band\b)\s*/)) {
      const words = item.split(/\s+/);
      const length = [3, 2, 1].find((n) => {
        const key = cityKey(cityName(words.slice(0, n)));
        return n <= words.length && !NOT_LOWERCASE_CITIES.has(key) && isKnownCity(key);
      });
      if (!length) break;
      typed.add(cityName(words.slice(0, length)));
    }
  }
  // Consumed word for word, so "boston in april" leaves "in april" to the month reader.
  for (const city of typed) {
    addCity(knownCityNames().get(cityKey(city)) ?? city);
    const escaped = city.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
    text.consume(new RegExp(`\\b${escaped}(?![A-Za-z])`), () => true);
  }
}

/**
 * The city in "… in March and Boston": the longest run of capitalised words at the end, and
 * where it starts in `raw`. Null when the last word is not capitalised.
 */
export function cityWords(raw: string): { name: string; offset: number } | null {
  const words = [...raw.matchAll(/\S+/g)];
  let first = words.length;
  while (first > 0 && /^[A-Z]/.test(words[first - 1]?.[0] ?? '')) first -= 1;
  // "Kansas City": a known city name wins, even when it starts with a state's name.
  for (let from = first; from < words.length; from += 1) {
    const start = words[from]?.index ?? 0;
    // Where a city is expected, "New York" and "Washington" are the cities.
    if (isKnownCity(cityName([raw.slice(start).trim()]), true)) {
      return { name: cityName([raw.slice(start).trim()]), offset: start };
    }
  }
  while (first < words.length && NOT_CITIES.has((words[first]?.[0] ?? '').toLowerCase()))
    first += 1;
  if (first >= words.length) return null;
  const start = words[first]?.index ?? 0;
  return { name: raw.slice(start).trim(), offset: start };
}

/**
 * Regions, states and cities: "the Northeast", "New England", "Pennsylvania", "NY", "Portland, OR",
 * "Boston, Philadelphia and Chicago". A bare city keeps state null.
 */
export function readPlaces(text: PromptText): {
  regions: TTourRegion[];
  states: TUsState[];
  cities: TTourCity[];
} {
  const regions: TTourRegion[] = [];
  const states: TUsState[] = [];
  const cities: TTourCity[] = [];
  const addCity = (city: string, state: TUsState | null) => {
    const key = `${city.toLowerCase()}|${state ?? ''}`;
    if (!cities.some((c) => `${c.city.toLowerCase()}|${c.state ?? ''}` === key)) {
      cities.push({ city, state });
    }
  };
  const addState = (state: TUsState) => {
    if (!states.includes(state)) states.push(state);
  };

  // Where the artist lives is not where the tour goes: "an Indie band from Austin".
  text.consume(
    /\b(?:(?:band|artist|act|duo|trio|singer|we're|we are|i'm|i am)\s+(?:from|in)|based\s+(?:in|out\s+of)|(?:live|living)\s+in|hometown(?:\s+is)?)\s+[A-Z][A-Za-z.'-]*(?:\s+[A-Z][A-Za-z.'-]*){0,2}/i,
    () => true,
  );
  text.consume(/\b(?:New York City|NYC)\b/i, () => {
    addCity('New York', 'NY');
    return true;
  });
  text.consume(/\bWashington,?\s+D\.?C\.?(?![a-z])/i, () => {
    addCity('Washington', 'DC');
    return true;
  });
  // "Portland, OR", "Springfield, Illinois"
  text.consume(
    new RegExp(
      `\\b([A-Z][A-Za-z.'-]*(?:\\s+[A-Z][A-Za-z.'-]*){0,2}),\\s*([A-Z]{2}|[a-z]{2}|${STATE_NAME_SRC})\\b`,
    ),
    (m) => {
      const city = cityWords(m[1] ?? '');
      const state = readStateWord(m[2] ?? '', true);
      if (!city || !state || !isKnownCity(city.name, true)) return false;
      addCity(city.name, state);
      return m.index + city.offset;
    },
  );
  for (const [pattern, region] of REGION_ALIASES) {
    text.consume(pattern, () => {
      if (!regions.includes(region)) regions.push(region);
      return true;
    });
  }
  // Before states: "kansas city" is a city, "new york" (a state's name) is left to the state reader.
  readLowercaseCities(text, (city) => addCity(city, null));
  text.consume(new RegExp(`\\b(?:${STATE_NAME_SRC})\\b`, 'i'), (m) => {
    const state = readStateWord(m[0], false);
    if (state) addState(state);
    return state !== null;
  });
  text.consume(/\b[A-Za-z]{2}\b/, (m) => {
    const state = readStateWord(m[0], true);
    if (state) addState(state);
    return state !== null;
  });
  // Bare cities: runs of capitalised words, longest known city name first.
  text.consume(/\b[A-Z][A-Za-z.'-]*(?:\s+[A-Z][A-Za-z.'-]*){0,2}/, (m) => {
    const words = m[0].split(/\s+/);
    let start = 0;
    while (start < words.length) {
      const length = [3, 2, 1].find(
        (n) => start + n <= words.length && isKnownCity(cityName(words.slice(start, start + n))),
      );
      if (length) addCity(cityName(words.slice(start, start + length)), null);
      start += length ?? 1;
    }
    return false;
  });
  return { regions, states, cities };
}
