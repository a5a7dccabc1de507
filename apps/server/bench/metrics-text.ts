/** Encore's /metrics at `url` as text; a refusal is the bench's error, not an empty reading. */
export async function metricsText(url: string | URL): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/**
 * Encore's /metrics as the benches read it (Prometheus' text exposition, prom-client's): the
 * values of one metric's samples, those carrying every label given. Shared by loop-meter.ts and
 * cache-drops.ts, so both read a sample the same way.
 */
export function sampleValues(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number[] {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => wanted.every((label) => line.includes(label)))
    .map((line) => Number(line.slice(line.lastIndexOf(' ') + 1)));
}
