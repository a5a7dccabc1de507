import { describe, expect, it } from 'vitest';
import { SHOW_MESSAGES } from './show-messages.ts';
import { TEXT_MESSAGES } from './text-fields.ts';
import {
  EMPTY_TOUR_CONSTRAINTS,
  TOUR_PLANNER_MESSAGES as M,
  ZSavedTourConstraints,
  ZTourConstraints,
  ZTourPlanInput,
} from './tour-planner.ts';

/** Second security probe, finding 4: the prompt and the planner's dates take the rules every other field does. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
}

describe('the prompt', () => {
  it('refuses control characters with the text rule’s message, keeps line breaks and tabs', () => {
    for (const control of ['\u0000', '\u0001', '\u001b', '\u007f']) {
      expect(messages(ZTourPlanInput.safeParse({ prompt: `March${control} tour` }))).toEqual([
        ['prompt', TEXT_MESSAGES.controlCharacters],
      ]);
    }
    const prompt = '10 dates\n\tin March,\r\nno Mondays';
    expect(ZTourPlanInput.parse({ prompt }).prompt).toBe(prompt);
  });

  it('keeps the seed’s messages for a missing, blank or long prompt', () => {
    expect(messages(ZTourPlanInput.safeParse({}))).toEqual([['prompt', M.promptRequired]]);
    expect(messages(ZTourPlanInput.safeParse({ prompt: ' \n ' }))).toEqual([
      ['prompt', M.promptRequired],
    ]);
    expect(messages(ZTourPlanInput.safeParse({ prompt: 'x'.repeat(2001) }))).toEqual([
      ['prompt', M.promptTooLong],
    ]);
  });
});

describe('the constraints’ dates', () => {
  const withStart = (startDate: string) => ({ ...EMPTY_TOUR_CONSTRAINTS, startDate });

  it('refuses dates that are not real (Date.parse takes February 30)', () => {
    for (const date of [`${NEXT_YEAR}-02-30`, `${NEXT_YEAR}-13-01`, `${NEXT_YEAR}-04-31`, '3/14']) {
      expect(messages(ZTourConstraints.safeParse(withStart(date))), date).toEqual([
        ['startDate', M.dateFormat],
      ]);
    }
  });

  it('refuses dates outside the shows’ window, when asked for', () => {
    expect(messages(ZTourConstraints.safeParse(withStart('9999-03-01')))).toEqual([
      ['startDate', SHOW_MESSAGES.dateTooFar],
    ]);
    expect(messages(ZTourConstraints.safeParse(withStart('1990-03-01')))).toEqual([
      ['startDate', SHOW_MESSAGES.dateTooOld],
    ]);
    expect(ZTourConstraints.safeParse(withStart(`${NEXT_YEAR}-02-28`)).success).toBe(true);
  });

  it('reads a saved plan’s dates without the window, which moves with the clock', () => {
    expect(ZSavedTourConstraints.safeParse(withStart('2016-03-01')).success).toBe(true);
    expect(ZSavedTourConstraints.safeParse(withStart('2016-02-30')).success).toBe(false);
  });
});
