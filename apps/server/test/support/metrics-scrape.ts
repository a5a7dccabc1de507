import { expect } from 'vitest';

/**
 * One scrape of a /metrics URL: `name{labels}` → value, the labels sorted, so that `seriesKey`
 * finds a sample whatever order prom-client wrote its labels in.
 */
export async function scrapeMetrics(url: string): Promise<Map<string, number>> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    const series = line.slice(0, at);
    const brace = series.indexOf('{');
    const name = brace < 0 ? series : series.slice(0, brace);
    const labels = brace < 0 ? [] : series.slice(brace + 1, -1).split(',');
    samples.set(`${name}{${labels.sort().join(',')}}`, Number(line.slice(at + 1)));
  }
  return samples;
}

/** A sample's key in `scrapeMetrics`' map: its name and labels, the process' label included. */
export const seriesKey = (
  name: string,
  labels: Record<string, string>,
  process: 'api' | 'worker',
) =>
  `${name}{${Object.entries({ ...labels, process })
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',')}}`;
