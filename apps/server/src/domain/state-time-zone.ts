import type { US_STATES } from '@encore/contract';

type TUsState = (typeof US_STATES)[number];

/**
 * The main IANA zone of each state: where most of its people live (FL, IN, KY, MI eastern; TN,
 * KS, NE, ND, SD, TX central; ID mountain; OR pacific). A show's zone comes from its place
 * (domain/time-zone-at.ts); this is the answer only when the place cannot give one.
 * AZ keeps no daylight saving time (America/Phoenix).
 */
export const STATE_TIME_ZONES: Record<TUsState, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/**
 * The other zones found inside split states (the timezone-boundary-builder zones of their ZIPs):
 * a coordinate lookup that answers one of these, or the main zone, is believed for that state.
 */
export const STATE_OTHER_TIME_ZONES: Partial<Record<string, readonly string[]>> = {
  AK: [
    'America/Nome',
    'America/Adak',
    'America/Yakutat',
    'America/Juneau',
    'America/Sitka',
    'America/Metlakatla',
  ],
  AL: ['America/New_York'], // Phenix City keeps Columbus, Georgia's time
  AZ: ['America/Denver'], // the Navajo Nation keeps daylight saving time
  FL: ['America/Chicago'],
  ID: ['America/Los_Angeles'],
  IN: [
    'America/Chicago',
    'America/New_York',
    'America/Kentucky/Louisville',
    'America/Indiana/Knox',
    'America/Indiana/Winamac',
    'America/Indiana/Vevay',
    'America/Indiana/Marengo',
    'America/Indiana/Vincennes',
    'America/Indiana/Tell_City',
    'America/Indiana/Petersburg',
  ],
  KS: ['America/Denver'],
  KY: ['America/Chicago', 'America/Kentucky/Louisville', 'America/Kentucky/Monticello'],
  MI: ['America/Menominee'],
  ND: [
    'America/Denver',
    'America/North_Dakota/New_Salem',
    'America/North_Dakota/Beulah',
    'America/North_Dakota/Center',
  ],
  NE: ['America/Denver'],
  NV: ['America/Denver'], // West Wendover
  OR: ['America/Boise'],
  SD: ['America/Denver'],
  TN: ['America/New_York'],
  TX: ['America/Denver'],
};

export function stateTimeZone(state: string): string {
  return STATE_TIME_ZONES[state as TUsState] ?? 'America/New_York';
}
