import type { OutreachFacts } from './language-model.ts';

/**
 * The guard against a model inventing numbers in the outreach email (every number the
 * plan shows comes from the planner). An instruction does not stop a model from writing "about
 * 2,000 fans" or moving a night to another date, so the email is checked against the facts and
 * thrown away (the planner's template is used) when it says anything the facts do not hold.
 *
 * The rule, deliberately simple:
 * 1. Every run of two or more digits in the email must appear in the facts: a stop's date (its
 *    year, month or day), an estimatedDemand, the number of dates, the contact phone (its digit
 *    groups or all its digits), or a digit run inside a name or the contact email. Thousands
 *    separators are read through ("1,234" is 1234), so a figure may be written either way.
 * 2. Every date the email writes ("March 5", "5th of March", "Mar. 5", "3/5", "2027-03-05")
 *    must be the month and day of one of the stops. This catches single-digit days, which rule 1
 *    cannot see.
 * Numbers spelled out in words, and single digits outside a date ("3 nights"), pass: they are
 * rare in a model's email and a false rejection only costs the template.
 */
export function unverifiedFigures(email: string, facts: OutreachFacts): string[] {
  const allowed = allowedDigitRuns(facts);
  const stopDays = new Set(
    facts.stops.map((s) => monthDay(Number(s.date.slice(5, 7)), Number(s.date.slice(8, 10)))),
  );
  const text = email.replace(/\d{1,3}(?:,\d{3})+(?!\d)/g, (figure) => figure.replaceAll(',', ''));
  const found = new Set<string>();

  for (const [run] of text.matchAll(/\d{2,}/g)) if (!allowed.has(run)) found.add(run);
  for (const { month, day, written } of writtenDates(text)) {
    if (!stopDays.has(monthDay(month, day))) found.add(written);
  }
  return [...found];
}

function allowedDigitRuns(facts: OutreachFacts): Set<string> {
  const allowed = new Set<string>([String(facts.stops.length)]);
  for (const [run] of JSON.stringify(facts).matchAll(/\d+/g)) allowed.add(run);
  if (facts.contactPhone) {
    const digits = facts.contactPhone.replace(/\D/g, '');
    allowed.add(digits);
    // A North American number may be written with or without its country code.
    if (/^1\d{10}$/.test(digits)) allowed.add(digits.slice(1));
    if (/^\d{10}$/.test(digits)) allowed.add(`1${digits}`);
  }
  return allowed;
}

const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const monthDay = (month: number, day: number) => `${month}-${day}`;
const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** The dates written in the text, in the forms an English email uses. */
function writtenDates(text: string): { month: number; day: number; written: string }[] {
  const dates: { month: number; day: number; written: string }[] = [];
  for (const m of text.matchAll(new RegExp(`\\b${MONTH}\\.?\\s+${DAY}\\b`, 'gi'))) {
    dates.push({ month: monthNumber(m[1] ?? ''), day: Number(m[2]), written: m[0] });
  }
  for (const m of text.matchAll(new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH}\\b`, 'gi'))) {
    dates.push({ month: monthNumber(m[2] ?? ''), day: Number(m[1]), written: m[0] });
  }
  for (const m of text.matchAll(/\b\d{4}-(\d{2})-(\d{2})\b/g)) {
    dates.push({ month: Number(m[1]), day: Number(m[2]), written: m[0] });
  }
  // m/d or m/d/yyyy, as US emails write them; "24/7" is no date (no 24th month).
  for (const m of text.matchAll(/\b(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?\b/g)) {
    const month = Number(m[1]);
    if (month >= 1 && month <= 12) dates.push({ month, day: Number(m[2]), written: m[0] });
  }
  return dates;
}
