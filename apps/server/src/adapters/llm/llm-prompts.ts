import {
  DAYS_OF_WEEK,
  TOUR_DATES_MAX,
  TOUR_REGION_NAMES,
  TOUR_REGIONS,
  TOUR_WINDOW_MAX_DAYS,
} from '@encore/contract';
import type { OutreachFacts } from './language-model.ts';

/** One message of an OpenAI-compatible chat completion request. */
export type ChatMessage = { role: 'system' | 'user'; content: string };

const regionLines = TOUR_REGION_NAMES.map(
  (name) => `  - "${name}": ${TOUR_REGIONS[name].join(', ')}`,
).join('\n');

/**
 * The prompt → constraints request. The system message spells out ZTourConstraints (every key,
 * its type and its range) because the answer must pass that schema as is: an answer with a key
 * missing, an extra key or a value out of range is thrown away and the planner's own parser
 * reads the prompt instead.
 */
export function constraintsMessages(prompt: string, today: string): ChatMessage[] {
  const system = `You read a touring musician's request for a tour plan and answer with ONE JSON object, nothing else.
Today is ${today}. A month or day named without a year is its next occurrence on or after today.

The object has exactly these keys (no others):
- "regions": array of region names the performer named, from this list only (exact spelling):
${regionLines}
- "states": array of two-letter US state codes named (e.g. "NY", "DC").
- "cities": array of { "city": string, "state": two-letter code or null when not said }.
- "startDate": first possible night, "YYYY-MM-DD", or null.
- "endDate": last possible night, "YYYY-MM-DD", or null. "in March" means the 1st to the last day of March. The window may span at most ${TOUR_WINDOW_MAX_DAYS} days.
- "dateCount": number of nights to play, integer 1-${TOUR_DATES_MAX}, or null.
- "capacityMin", "capacityMax": smallest and largest room size (people), integers 1-100000, or null. "500-1000 capacity" is 500 and 1000.
- "maxDriveMiles": most miles to drive between two consecutive nights, integer 50-2000, or null. Convert kilometres to miles; "5 hours" of driving is about 300 miles.
- "fixedDates": array of { "date": "YYYY-MM-DD", "city": string, "state": code or null } for nights that must be played in a given city ("must play Chicago on April 12").
- "daysOff": array of "YYYY-MM-DD" dates that must not be played.
- "weekdaysOff": array of weekdays never played, from: ${DAYS_OF_WEEK.join(', ')}.

Use null (or [] for arrays) for anything the request does not say. Never guess a value that was not said: the planner fills in defaults itself.`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: prompt },
  ];
}

/**
 * The facts → outreach email request. The facts travel as JSON in the user message and the
 * system message forbids anything beyond them; `unverifiedFigures` then checks the answer, since
 * an instruction alone does not stop a model from inventing a number.
 */
export function outreachEmailMessages(facts: OutreachFacts): ChatMessage[] {
  const system = `You write a booking outreach email from a touring musician to the booking contacts of the venues below.
Use ONLY the facts given in the JSON. Never invent numbers, dates, venues, cities, prices, fees, times or names.
- Mention each night with its date, venue, city and state exactly as given, in the given order.
- "estimatedDemand" is the number of fans within reach of that venue: quote it exactly as given, or say "few fans" when it is null. Never add, round or total these numbers.
- Sign with the artist's name and give "contactEmail" (and "contactPhone" when it is not null) for replies.
Plain text, no markdown, no placeholders in brackets. Start with a "Subject:" line, then a blank line, then the body.`;
  const user = JSON.stringify({ ...facts, numberOfDates: facts.stops.length });
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
