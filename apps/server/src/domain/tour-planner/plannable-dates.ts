import {
  TOUR_PLANNER_MESSAGES as M,
  SHOW_DATE_YEARS_AHEAD,
  SHOW_DATE_YEARS_BACK,
  type TTourConstraints,
} from '@encore/contract';

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `years` from today's date, as the show rules count them (from Feb 29 to Mar 1). */
function yearsFrom(today: string, years: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/**
 * The last night a plan may hold: a show may be at most SHOW_DATE_YEARS_AHEAD years ahead
 * (contract localDateTimeProblem), and a booking request for a later night would be refused.
 */
export function lastPlannableNight(today: string): string {
  return yearsFrom(today, SHOW_DATE_YEARS_AHEAD);
}

/**
 * What is wrong with the dates a prompt was read as, in the performer's words, or null. A year
 * typed in a prompt ("March 9999", "winter 2040") is meant: planning some other month instead
 * would answer a question nobody asked, so it is a field error on the prompt. Past the shows'
 * window ahead, or before it (SHOW_DATE_YEARS_BACK), as the contract's ZTourConstraints refuses
 * such dates when given; a date the arithmetic pushed past year 9999 ('+010000-…') is too far.
 */
export function promptDatesProblem(said: TTourConstraints, today: string): string | null {
  const dates = [
    said.startDate,
    said.endDate,
    ...said.fixedDates.map((f) => f.date),
    ...said.daysOff,
  ].filter((date): date is string => date !== null);
  const last = lastPlannableNight(today);
  if (dates.some((date) => !LOCAL_DATE.test(date) || date > last)) return M.promptTooFarAhead;
  const first = yearsFrom(today, -SHOW_DATE_YEARS_BACK);
  if (dates.some((date) => date <= first)) return M.promptLongPast;
  return null;
}
