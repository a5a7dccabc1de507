/** The page's query parameters, as GET /api/shows names them (ZCityShowsQuery). */
export const CITY_PARAMS = ['near', 'radius', 'when', 'from', 'to', 'genre', 'page'] as const;
export type CityParam = (typeof CITY_PARAMS)[number];
export type CityParams = Partial<Record<CityParam, string>>;

/**
 * The listing's parameters from the page's URL: known names with a value, nothing else. The URL
 * is the page's only state, so a shared link shows what its sender saw; the API checks values.
 */
export function cityParams(search: URLSearchParams): CityParams {
  const params: CityParams = {};
  for (const name of CITY_PARAMS) {
    const value = search.get(name)?.trim();
    if (value) params[name] = value;
  }
  return params;
}

/**
 * The page's URL with `changes` applied (undefined or '' removes a parameter). Any change but a
 * page turn starts again at page 1: page 3 of another filter is not what anyone asked for.
 */
export function cityHref(params: CityParams, changes: CityParams): string {
  const next: CityParams = { ...params, ...changes };
  if (!('page' in changes)) delete next.page;
  if (next.page === '1') delete next.page;
  const search = new URLSearchParams();
  for (const name of CITY_PARAMS) {
    const value = next[name];
    if (value) search.set(name, value);
  }
  const query = search.toString();
  return query ? `/shows?${query}` : '/shows';
}
