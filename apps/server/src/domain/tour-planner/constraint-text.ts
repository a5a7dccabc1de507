import type { TTourConstraints } from '@encore/contract';
import { isUsState, US_STATE_NAMES } from './us-state-names.ts';

/** Numbers as people write them: 1,000. */
export const formatCount = (n: number) => Math.round(n).toLocaleString('en-US');

/** "a, b and c" */
export function listText(items: string[], joiner = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${joiner} ${items[items.length - 1]}`;
}

/** "the Northeast, Ohio and Chicago"; '' when the prompt named no place (anywhere). */
export function areaText(c: Pick<TTourConstraints, 'regions' | 'states' | 'cities'>): string {
  const regions = c.regions.map((region) => (region === 'New England' ? region : `the ${region}`));
  const states = c.states.map((code) => (isUsState(code) ? US_STATE_NAMES[code] : code));
  const cities = c.cities.map(({ city, state }) => (state ? `${city}, ${state}` : city));
  return listText([...regions, ...states, ...cities]);
}

/** Largest room the resolver uses when the band has no top: any size. */
export const CAPACITY_NO_LIMIT = 100_000;

/** "500–1,000", "5,000 or more", "up to 500". */
export function capacityText(min: number, max: number): string {
  if (max >= CAPACITY_NO_LIMIT) return `${formatCount(min)} or more`;
  if (min <= 1) return `up to ${formatCount(max)}`;
  return `${formatCount(min)}–${formatCount(max)}`;
}
