import zipcodes from 'zipcodes';
import { findZipHome } from '../zip-location.ts';

export type ImportPlace = { zipCode: string; city: string; state: string };

/**
 * The place a row's city/ZIP names: its last 5-digit ZIP when it has one (the bundled US table
 * names its city and state), else "City, ST" (the city's first ZIP in the table). Null when
 * neither names a US place: the row is refused as an unknown place rather than guessed.
 */
export function importPlace(text: string): ImportPlace | null {
  const zips = text.match(/\b\d{5}\b/g);
  const zip = zips?.[zips.length - 1];
  if (zip) {
    const home = findZipHome(zip);
    return home ? { zipCode: zip, city: home.city, state: home.state } : null;
  }
  const match = /^(.+?),\s*([A-Za-z]{2})$/.exec(text.trim());
  if (!match) return null;
  const city = (match[1] ?? '').split(',').pop()?.trim() ?? '';
  const state = (match[2] ?? '').toUpperCase();
  const [first] = zipcodes.lookupByName(city, state);
  return first ? { zipCode: first.zip, city: first.city, state } : null;
}
