/**
 * The sphere distances are measured on, in one place: earthdistance's (its `earth()` radius), so
 * the SQL (repositories/earth-sql.repo.ts) and the pure calculations (the tour planner's fans in reach)
 * agree on who is near, and the one mile every radius is stated in.
 */
export const EARTH_RADIUS_M = 6_378_168;
export const METERS_PER_MILE = 1609.344;
