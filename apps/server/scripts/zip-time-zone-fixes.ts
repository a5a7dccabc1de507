/**
 * Regenerates src/domain/zip-time-zone-fixes.ts: the US ZIPs where the checked coarse lookup
 * (domain/time-zone-at.ts, checkedTimeZoneAt) and geo-tz (exact polygons from
 * timezone-boundary-builder) disagree, each with geo-tz's zone. Then measures, in a fresh
 * process that loads the new table, how many ZIPs each way of deciding still gets wrong.
 *
 *   node --import tsx apps/server/scripts/zip-time-zone-fixes.ts
 *
 * geo-tz is ~71 MB installed, so it is not a dependency of the repository: the script installs
 * the pinned version with npm into a temporary folder (or uses GEO_TZ_DIR, a folder where
 * `npm install --prefix GEO_TZ_DIR geo-tz@GEO_TZ_VERSION` was run) and loads it from there.
 * Rerun it after upgrading `zipcodes`, @photostructure/tz-lookup or STATE_OTHER_TIME_ZONES, and
 * give db/show-time-zones.ts's fix a new name so stored shows follow.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { US_STATES } from '@encore/contract';
import zipcodes from 'zipcodes';
import { stateTimeZone } from '../src/domain/state-time-zone.ts';
import { checkedTimeZoneAt, timeZoneAt } from '../src/domain/time-zone-at.ts';

const GEO_TZ_VERSION = '8.1.9';
/** Zones are compared by their UTC offsets in mid-January and mid-July (as decision 020 did). */
const SEASONS = [new Date('2027-01-15T12:00:00Z'), new Date('2027-07-15T12:00:00Z')];
const TABLE_FILE = fileURLToPath(new URL('../src/domain/zip-time-zone-fixes.ts', import.meta.url));

type Zip = { zip: string; city: string; state: string; latitude: number; longitude: number };
type GeoTz = { find(latitude: number, longitude: number): string[] };

const STATES = new Set<string>(US_STATES);

/** Every ZIP of the 50 states and DC in the bundled table (41,689 in zipcodes 8.0.0). */
function usZips(): Zip[] {
  return Object.values(zipcodes.codes)
    .filter((code) => code.country === 'US' && STATES.has(code.state))
    .map(({ zip, city, state, latitude, longitude }) => ({ zip, city, state, latitude, longitude }))
    .sort((a, b) => a.zip.localeCompare(b.zip));
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** The zone's offsets in January and July, e.g. 'GMT-06:00 GMT-05:00': equal means same clock. */
function offsets(zone: string): string {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  const used = format;
  return SEASONS.map(
    (day) => used.formatToParts(day).find((part) => part.type === 'timeZoneName')?.value,
  ).join(' ');
}

let scratchFolder: string | null = null;

function loadGeoTz(): GeoTz {
  let folder = process.env.GEO_TZ_DIR;
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'geo-tz-'));
    scratchFolder = folder; // removed when the run ends
    process.env.GEO_TZ_DIR = folder; // the --measure process below uses the same install
  }
  if (!existsSync(join(folder, 'node_modules', 'geo-tz'))) {
    console.log(`installing geo-tz@${GEO_TZ_VERSION} into ${folder} (not a repository dependency)`);
    execFileSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        folder,
        `geo-tz@${GEO_TZ_VERSION}`,
      ],
      { stdio: 'inherit' },
    );
  }
  const geoTz = createRequire(join(folder, 'package.json'))('geo-tz') as GeoTz;
  const installed = JSON.parse(
    readFileSync(join(folder, 'node_modules', 'geo-tz', 'package.json'), 'utf8'),
  ) as { version: string };
  if (installed.version !== GEO_TZ_VERSION) {
    throw new Error(`${folder} has geo-tz ${installed.version}, not ${GEO_TZ_VERSION}`);
  }
  return geoTz;
}

/**
 * geo-tz's zone of the ZIP's centre, or null when it cannot be a US place's: only an ocean band
 * (Etc/GMT+n), or a zone outside the Americas and the Pacific, where the data misplaces the
 * centre (10200 New York sits at 73.95 E, in Kyrgyzstan); such a ZIP keeps the checked lookup's
 * answer, its state's zone.
 */
function exactZone(geoTz: GeoTz, zip: Zip): string | null {
  const [zone] = geoTz.find(zip.latitude, zip.longitude);
  return zone && /^(America|Pacific)\//.test(zone) ? zone : null;
}

function generate() {
  const geoTz = loadGeoTz();
  const fixes: { zip: Zip; zone: string }[] = [];
  let unusable = 0;
  for (const zip of usZips()) {
    const exact = exactZone(geoTz, zip);
    if (exact === null) {
      unusable += 1;
      continue;
    }
    const checked = checkedTimeZoneAt(zip.latitude, zip.longitude, zip.state);
    if (offsets(checked) !== offsets(exact)) fixes.push({ zip, zone: exact });
  }
  writeFileSync(TABLE_FILE, tableSource(fixes));
  console.log(`wrote ${fixes.length} ZIPs to ${TABLE_FILE}; no usable geo-tz zone for ${unusable}`);
}

function tableSource(fixes: { zip: Zip; zone: string }[]): string {
  const lines = fixes.map(
    ({ zip, zone }) => `  '${zip.zip}': '${zone}', // ${zip.city}, ${zip.state}`,
  );
  return `/**
 * GENERATED by \`node --import tsx apps/server/scripts/zip-time-zone-fixes.ts\`: do not edit.
 *
 * The ${fixes.length} US ZIPs (of the 50 states and DC) where the checked coarse lookup
 * (checkedTimeZoneAt in time-zone-at.ts: @photostructure/tz-lookup ${versionOf('@photostructure/tz-lookup')}
 * checked against the state's zones) and geo-tz ${GEO_TZ_VERSION} (exact timezone-boundary-builder
 * polygons) put the ZIP's centre (zipcodes ${versionOf('zipcodes')}) in zones whose UTC offsets
 * differ on 15 January or 15 July 2027, with geo-tz's zone. Rerun the script after upgrading
 * any of them (see its header).
 */
export const ZIP_TIME_ZONE_FIXES: Readonly<Partial<Record<string, string>>> = {
${lines.join('\n')}
};
`;
}

/** The installed version of one of the repository's packages, for the table's header. */
function versionOf(name: string): string {
  const file = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Wrong ZIPs (by offsets, against geo-tz) of each way of deciding, with the table on disk. */
function measure() {
  const geoTz = loadGeoTz();
  const ways = {
    'state only': (z: Zip) => stateTimeZone(z.state),
    'checked lookup (no table)': (z: Zip) => checkedTimeZoneAt(z.latitude, z.longitude, z.state),
    'timeZoneAt with the ZIP': (z: Zip) => timeZoneAt(z.latitude, z.longitude, z.state, z.zip),
    'timeZoneAt, centre only': (z: Zip) => timeZoneAt(z.latitude, z.longitude, z.state),
  };
  const wrong = Object.fromEntries(Object.keys(ways).map((way) => [way, [] as string[]]));
  let compared = 0;
  const skipped: string[] = [];
  for (const zip of usZips()) {
    const exact = exactZone(geoTz, zip);
    if (exact === null) {
      skipped.push(`${zip.zip} ${zip.state}`);
      continue;
    }
    compared += 1;
    for (const [way, zoneOf] of Object.entries(ways)) {
      if (offsets(zoneOf(zip)) !== offsets(exact)) wrong[way]?.push(`${zip.zip} ${zip.state}`);
    }
  }
  console.log(`ZIPs compared with geo-tz ${GEO_TZ_VERSION}: ${compared}`);
  console.log(`  left out, no usable geo-tz zone at the data's centre: ${skipped.join(', ')}`);
  for (const [way, zips] of Object.entries(wrong)) {
    const some = zips.slice(0, 8).join(', ');
    console.log(
      `  ${way}: ${zips.length} wrong${zips.length ? ` (${some}${zips.length > 8 ? ', …' : ''})` : ''}`,
    );
  }
}

if (process.argv.includes('--measure')) {
  measure();
} else {
  generate();
  // A fresh process, so that timeZoneAt reads the table just written (this one loaded the old).
  const self = fileURLToPath(import.meta.url);
  const run = spawnSync(process.execPath, ['--import', 'tsx', self, '--measure'], {
    stdio: 'inherit',
  });
  if (scratchFolder) rmSync(scratchFolder, { recursive: true, force: true });
  process.exitCode = run.status ?? 1;
}
