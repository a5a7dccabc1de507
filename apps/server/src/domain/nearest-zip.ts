import { NEAREST_ZIP_MAX_MILES } from '@encore/contract';
import zipcodes from 'zipcodes';

export type ZipPlace = { zipCode: string; city: string; state: string; miles: number };

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_MILES;
/** Military mail (APO/FPO) "states": their ZIPs name a post office abroad or sit at 0,0. */
const MILITARY = new Set(['AA', 'AE', 'AP']);
/** A ZIP this far from the middle of its state is a data error (10200 'New York' at 73.95 E). */
const MISPLACED_MILES = 1500;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine) in miles. */
export function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Place = { zip: string; city: string; state: string; latitude: number; longitude: number };

/** Cells of a quarter degree: ~17 × 13 miles in the lower 48, a few dozen ZIPs in a dense city. */
const CELL_DEGREES = 0.25;
const LON_CELLS = Math.round(360 / CELL_DEGREES);
const cellIndex = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
/** Longitude wraps, so the Aleutians' cells meet across 180°. */
const cellOf = (latCell: number, lonCell: number) =>
  latCell * LON_CELLS + (((lonCell % LON_CELLS) + LON_CELLS) % LON_CELLS);

/**
 * The US ZIP table in a grid of one-degree cells, so a lookup reads the few cells around the
 * position instead of all ~42,000 ZIPs. Built once per process (~30 ms) on first use.
 */
class ZipGrid {
  private readonly cells = new Map<number, Place[]>();
  private minLatitude = 90;
  private maxLatitude = -90;

  constructor(places: Place[]) {
    for (const place of places) {
      this.minLatitude = Math.min(this.minLatitude, place.latitude);
      this.maxLatitude = Math.max(this.maxLatitude, place.latitude);
      const key = cellOf(cellIndex(place.latitude), cellIndex(place.longitude));
      const cell = this.cells.get(key);
      if (cell) cell.push(place);
      else this.cells.set(key, [place]);
    }
  }

  /**
   * Searches rings of cells outwards (ring r = the cells r steps away). A cell of ring r lies at
   * least r - 1 cells of longitude away, measured at the most poleward latitude within reach (less
   * 1% for great circles bowing poleward), so once the best ZIP is nearer than that, neither this
   * ring nor any farther one can hold a nearer one. Rows out of reach in latitude are never read.
   */
  nearest(latitude: number, longitude: number, maxMiles: number): ZipPlace | null {
    const reach = maxMiles / MILES_PER_DEGREE;
    if (latitude > this.maxLatitude + reach || latitude < this.minLatitude - reach) return null;
    const latCell = cellIndex(latitude);
    const lonCell = cellIndex(longitude);
    const rows = Math.ceil(reach / CELL_DEGREES) + 1;
    const poleward = Math.min(89.9, Math.abs(latitude) + reach + CELL_DEGREES);
    const lonCellMiles = CELL_DEGREES * MILES_PER_DEGREE * Math.cos(rad(poleward)) * 0.99;
    let best: Place | null = null;
    let bestMiles = Number.POSITIVE_INFINITY;
    const visit = (dLat: number, dLon: number) => {
      for (const place of this.cells.get(cellOf(latCell + dLat, lonCell + dLon)) ?? []) {
        const miles = milesBetween(latitude, longitude, place.latitude, place.longitude);
        if (miles < bestMiles) {
          best = place;
          bestMiles = miles;
        }
      }
    };
    for (let ring = 0; ring <= LON_CELLS / 2; ring += 1) {
      if (Math.max(0, ring - 1) * lonCellMiles > Math.min(bestMiles, maxMiles)) break;
      for (let dLat = -Math.min(ring, rows); dLat <= Math.min(ring, rows); dLat += 1) {
        if (Math.abs(dLat) === ring) {
          for (let dLon = -ring; dLon <= ring; dLon += 1) visit(dLat, dLon);
        } else {
          visit(dLat, -ring);
          visit(dLat, ring);
        }
      }
    }
    const found = best as Place | null;
    if (!found || bestMiles > maxMiles) return null;
    return { zipCode: found.zip, city: found.city, state: found.state, miles: bestMiles };
  }
}

/**
 * The bundled table's US ZIPs with a real place on the map. Several ZIPs sharing one point are
 * PO-box and single-building ZIPs parked on their city's centre (5,181 ZIPs in 910 points):
 * downtown they would win every lookup and become homes nobody lives in, so a shared point is
 * kept only for a city with no ZIP of its own point, and then once, as its lowest ZIP.
 */
export function usZipPlaces(): Place[] {
  const byState = new Map<string, Place[]>();
  for (const place of Object.values(zipcodes.codes)) {
    if (place.country !== 'US' || MILITARY.has(place.state)) continue;
    if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) continue;
    if (place.latitude === 0 && place.longitude === 0) continue;
    const list = byState.get(place.state) ?? [];
    list.push(place);
    byState.set(place.state, list);
  }
  const kept: Place[] = [];
  for (const places of byState.values()) {
    const middleLat = median(places.map((p) => p.latitude));
    const middleLon = median(places.map((p) => p.longitude));
    const onMap = places.filter(
      (p) => milesBetween(middleLat, middleLon, p.latitude, p.longitude) <= MISPLACED_MILES,
    );
    kept.push(...withoutParkedZips(onMap));
  }
  return kept;
}

function withoutParkedZips(places: Place[]): Place[] {
  const atPoint = new Map<string, Place[]>();
  for (const p of places) {
    const point = `${p.latitude},${p.longitude}`;
    atPoint.set(point, [...(atPoint.get(point) ?? []), p]);
  }
  const citiesWithOwnPoint = new Set<string>();
  for (const group of atPoint.values()) {
    if (group.length === 1 && group[0]) citiesWithOwnPoint.add(group[0].city);
  }
  const kept: Place[] = [];
  for (const group of atPoint.values()) {
    const [first] = [...group].sort((a, b) => a.zip.localeCompare(b.zip));
    if (group.length === 1 || (first && !citiesWithOwnPoint.has(first.city))) {
      if (first) kept.push(first);
    }
  }
  return kept;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

let grid: ZipGrid | undefined;

/**
 * The US ZIP whose centre is nearest to the position (great-circle), with its city and state; null
 * when none lies within `maxMiles` (abroad, at sea).
 */
export function nearestZip(
  latitude: number,
  longitude: number,
  maxMiles: number = NEAREST_ZIP_MAX_MILES,
): ZipPlace | null {
  grid ??= new ZipGrid(usZipPlaces());
  return grid.nearest(latitude, longitude, maxMiles);
}
