import { EMPTY_TOUR_CONSTRAINTS, TOUR_REGION_NAMES, type TTourConstraints } from '@encore/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageModel, OutreachFacts } from '../../src/adapters/llm/language-model.ts';
import { createLanguageModel } from '../../src/adapters/llm/openai-language-model.ts';
import type { AppConfig } from '../../src/config.ts';
import { YEAR } from '../support/dates.ts';
import { freePort } from '../support/free-port.ts';
import { type LlmServer, startLlmServer } from '../support/llm-server.ts';
import { type LogLine, recordingLogger } from '../support/recording-logger.ts';

const API_KEY = 'sk-test-secret-key-0042';
const PROMPT = 'Ten dates in the Northeast in March, 500-1000 capacity, max 300 miles a day';
const TODAY = `${YEAR}-01-15`;

const CONSTRAINTS: TTourConstraints = {
  ...EMPTY_TOUR_CONSTRAINTS,
  regions: ['Northeast'],
  startDate: `${YEAR}-03-01`,
  endDate: `${YEAR}-03-31`,
  dateCount: 10,
  capacityMin: 500,
  capacityMax: 1000,
  maxDriveMiles: 300,
  weekdaysOff: ['Monday'],
};

const FACTS: OutreachFacts = {
  artistName: 'The Night Owls',
  genres: ['Indie'],
  contactEmail: 'booking@nightowls.example',
  contactPhone: '+1 (555) 201-4477',
  stops: [
    {
      date: `${YEAR}-03-06`,
      venueName: 'Paradise Rock Club',
      city: 'Boston',
      state: 'MA',
      estimatedDemand: 1240,
    },
    {
      date: `${YEAR}-03-07`,
      venueName: 'Webster Hall',
      city: 'New York',
      state: 'NY',
      estimatedDemand: 3115,
    },
    {
      date: `${YEAR}-03-09`,
      venueName: 'Union Transfer',
      city: 'Philadelphia',
      state: 'PA',
      estimatedDemand: null,
    },
  ],
};

/** An email that says only what FACTS say, in the ways a model writes figures and dates. */
const FAITHFUL_EMAIL = `Subject: The Night Owls: 3 dates in March ${YEAR}

Hello,

The Night Owls (Indie) are routing 3 nights through the Northeast:
- March 6th, ${YEAR}: Paradise Rock Club, Boston, MA (1,240 fans within reach)
- 3/7: Webster Hall, New York, NY (3115 fans within reach)
- ${YEAR}-03-09: Union Transfer, Philadelphia, PA (few fans yet)

Reply to booking@nightowls.example or call 555-201-4477.

The Night Owls`;

let llm: LlmServer;
beforeAll(async () => {
  llm = await startLlmServer();
});
afterAll(() => llm.close());
afterEach(() => {
  llm.received.length = 0;
});

function modelAt(
  baseUrl: string | undefined,
  overrides: Partial<AppConfig['llm']> = {},
): { model: LanguageModel; lines: LogLine[] } {
  const { log, lines } = recordingLogger();
  const settings = { baseUrl, apiKey: API_KEY, model: 'fake-model', timeoutMs: 5000, ...overrides };
  const model = createLanguageModel(settings, log);
  if (!model) throw new Error('expected a language model');
  return { model, lines };
}

/** Exactly one warning, naming the failure, and nothing that was sent or answered in any line. */
function expectOneFailureLine(lines: LogLine[], message: string, secrets: string[] = []) {
  expect(lines).toHaveLength(1);
  expect(lines[0]?.level).toBe('warn');
  expect(lines[0]?.args.at(-1)).toBe(message);
  const logged = JSON.stringify(lines);
  for (const secret of [API_KEY, PROMPT, 'Northeast', FACTS.contactEmail, ...secrets]) {
    expect(logged).not.toContain(secret);
  }
}

describe('createLanguageModel', () => {
  it('is null without LLM_BASE_URL: the planner then reads and writes everything itself', () => {
    const { log } = recordingLogger();
    const settings = { baseUrl: undefined, apiKey: API_KEY, model: 'm', timeoutMs: 1000 };
    expect(createLanguageModel(settings, log)).toBeNull();
  });
});

describe('readConstraints', () => {
  it('answers the model’s constraint object when it passes the schema, logging nothing', async () => {
    llm.replyConstraints(CONSTRAINTS);
    const { model, lines } = modelAt(llm.url);
    expect(await model.readConstraints(PROMPT, TODAY)).toEqual(CONSTRAINTS);
    expect(lines).toEqual([]);
  });

  it('sends the model, the bearer key, temperature 0 and a JSON answer format', async () => {
    llm.replyConstraints(CONSTRAINTS);
    const { model } = modelAt(llm.url);
    await model.readConstraints(PROMPT, TODAY);

    expect(llm.received).toHaveLength(1);
    const [request] = llm.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/chat/completions');
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe('fake-model');
    expect(request?.body.temperature).toBe(0);
    expect(request?.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = request?.body.messages ?? [];
    expect(user).toEqual({ role: 'user', content: PROMPT });
    expect(system?.role).toBe('system');
    expect(system?.content).toContain(TODAY);
    for (const region of TOUR_REGION_NAMES) expect(system?.content).toContain(`"${region}"`);
    for (const key of Object.keys(EMPTY_TOUR_CONSTRAINTS))
      expect(system?.content).toContain(`"${key}"`);
  });

  it('sends no authorization header when no key is set', async () => {
    llm.replyConstraints(CONSTRAINTS);
    const { model } = modelAt(llm.url, { apiKey: undefined });
    expect(await model.readConstraints(PROMPT, TODAY)).toEqual(CONSTRAINTS);
    expect(llm.received[0]?.authorization).toBeUndefined();
  });

  it.each([
    ['an extra key', { ...CONSTRAINTS, budget: 5000 }],
    ['a key missing', { ...CONSTRAINTS, weekdaysOff: undefined }],
    ['a number as a string', { ...CONSTRAINTS, dateCount: '10' }],
    ['a region not in the list', { ...CONSTRAINTS, regions: ['Northeast USA'] }],
    ['a date in another format', { ...CONSTRAINTS, startDate: `03/01/${YEAR}` }],
    ['an end before the start', { ...CONSTRAINTS, endDate: `${YEAR}-02-01` }],
    ['an array, not an object', [CONSTRAINTS]],
  ])('is null (logged as schema) for an answer with %s', async (_, answer) => {
    llm.replyConstraints(answer);
    const { model, lines } = modelAt(llm.url);
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expectOneFailureLine(lines, 'llm constraints: schema');
  });

  it('is null (logged as malformed JSON) when the answer is not JSON', async () => {
    llm.reply('constraints', { content: 'Sure! Here are the constraints: regions = Northeast' });
    const { model, lines } = modelAt(llm.url);
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expectOneFailureLine(lines, 'llm constraints: malformed JSON', ['Sure!']);
  });

  it('is null (logged as malformed response) when the body is not a chat completion', async () => {
    llm.reply('constraints', { raw: '<html>gateway</html>' });
    const { model, lines } = modelAt(llm.url);
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expectOneFailureLine(lines, 'llm constraints: malformed response', ['gateway']);
  });

  it('is null after a 429, asking exactly once (a rate-limited model is not hammered)', async () => {
    llm.reply('constraints', { status: 429 });
    const { model, lines } = modelAt(llm.url);
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expect(llm.received).toHaveLength(1);
    expectOneFailureLine(lines, 'llm constraints: http 429');
  });

  it('is null after a 500, asking exactly once', async () => {
    llm.reply('constraints', { status: 500 });
    const { model, lines } = modelAt(llm.url);
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expect(llm.received).toHaveLength(1);
    expectOneFailureLine(lines, 'llm constraints: http 500');
  });

  it('is null once LLM_TIMEOUT_MS passes when the model never answers', async () => {
    llm.reply('constraints', 'hold');
    const { model, lines } = modelAt(llm.url, { timeoutMs: 200 });
    const started = performance.now();
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(2000);
    expect(llm.received).toHaveLength(1);
    expectOneFailureLine(lines, 'llm constraints: timeout');
  });

  it('is null once LLM_TIMEOUT_MS passes when the answer stalls after its headers', async () => {
    llm.reply('constraints', 'hold-body');
    const { model, lines } = modelAt(llm.url, { timeoutMs: 200 });
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expectOneFailureLine(lines, 'llm constraints: timeout');
  });

  it('is null (logged as network) when nothing listens at LLM_BASE_URL', async () => {
    const { model, lines } = modelAt(`http://127.0.0.1:${await freePort()}`);
    expect(await model.readConstraints(PROMPT, TODAY)).toBeNull();
    expectOneFailureLine(lines, 'llm constraints: network');
  });
});

describe('writeOutreachEmail', () => {
  it('answers the model’s email when every figure and date in it is a fact', async () => {
    llm.reply('email', { content: FAITHFUL_EMAIL });
    const { model, lines } = modelAt(llm.url);
    expect(await model.writeOutreachEmail(FACTS)).toBe(FAITHFUL_EMAIL);
    expect(lines).toEqual([]);
  });

  it('sends the facts as JSON in plain-text mode, with temperature 0 and the bearer key', async () => {
    llm.reply('email', { content: FAITHFUL_EMAIL });
    const { model } = modelAt(llm.url);
    await model.writeOutreachEmail(FACTS);

    const [request] = llm.received;
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe('fake-model');
    expect(request?.body.temperature).toBe(0);
    expect(request?.body.response_format).toBeUndefined();
    const [system, user] = request?.body.messages ?? [];
    expect(system?.content).toMatch(/ONLY the facts/);
    expect(JSON.parse(user?.content ?? '')).toEqual({ ...FACTS, numberOfDates: 3 });
  });

  it.each([
    ['a number of fans the facts do not hold', FAITHFUL_EMAIL.replace('1,240', '2,000')],
    ['a total of the fans', `${FAITHFUL_EMAIL}\nThat is 4,355 fans in all.`],
    ['a date that is no stop', FAITHFUL_EMAIL.replace('March 6th', 'March 8th')],
    ['a single-digit day that is no stop', `${FAITHFUL_EMAIL}\nWe could add March 2.`],
    ['a fee', `${FAITHFUL_EMAIL}\nOur guarantee is $750.`],
  ])('is null (logged as unverified figures) for an email with %s', async (_, email) => {
    llm.reply('email', { content: email });
    const { model, lines } = modelAt(llm.url);
    expect(await model.writeOutreachEmail(FACTS)).toBeNull();
    expectOneFailureLine(lines, 'llm email: unverified figures', [FACTS.artistName]);
  });

  it('is null after a 429 or a timeout, asking once each time', async () => {
    llm.reply('email', { status: 429 });
    const limited = modelAt(llm.url);
    expect(await limited.model.writeOutreachEmail(FACTS)).toBeNull();
    expectOneFailureLine(limited.lines, 'llm email: http 429');

    llm.reply('email', 'hold');
    const stalled = modelAt(llm.url, { timeoutMs: 200 });
    expect(await stalled.model.writeOutreachEmail(FACTS)).toBeNull();
    expectOneFailureLine(stalled.lines, 'llm email: timeout');
    expect(llm.received).toHaveLength(2);
  });

  it('is null when the answer has no text', async () => {
    llm.reply('email', { content: '   ' });
    const { model, lines } = modelAt(llm.url);
    expect(await model.writeOutreachEmail(FACTS)).toBeNull();
    expectOneFailureLine(lines, 'llm email: empty answer');
  });
});
