import {
  EMPTY_TOUR_CONSTRAINTS,
  type TTourConstraints,
  type TTourPlan,
  ZTourPlan,
} from '@encore/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OutreachFacts } from '../../src/adapters/llm/language-model.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type LlmReply, type LlmServer, startLlmServer } from '../support/llm-server.ts';
import { send } from '../support/profile-inputs.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import {
  NEXT_MARCH as MARCH,
  TOUR_PLANS as PLANS,
  seedSmallNortheast,
  touringPerformer,
} from './support/small-northeast.ts';

/**
 * The planner with the optional language model: the model may read the prompt and
 * phrase the email, but every number in the plan is the planner's, and any failure of the model
 * leaves a plan the planner made alone — the same one an Encore without a model makes.
 *
 * Two apps share one database: `t` with LLM_BASE_URL at the local fake, `plain` without a model,
 * so each plan with the model can be compared with the plan made without it.
 */

/** What the parser reads on its own; the model's failures must leave exactly its plan. */
const PARSEABLE_PROMPT =
  '3 dates in the Northeast in March, 500-1000 capacity, max 300 miles a day';
/** What only a model reads: the parser finds no place, window or count in it. */
const LOOSE_PROMPT = 'Take us up the coast around NYC and Philly sometime in spring, two shows';
/** What the fake model reads LOOSE_PROMPT as. */
const MODEL_READING: TTourConstraints = {
  ...EMPTY_TOUR_CONSTRAINTS,
  states: ['NY', 'PA'],
  startDate: `${MARCH}-01`,
  endDate: `${MARCH}-31`,
  dateCount: 2,
  capacityMin: 500,
  capacityMax: 1000,
};

let llm: LlmServer;
let t: TestApp;
let plain: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  llm = await startLlmServer();
  t = await createTestApp({
    llm: { baseUrl: llm.url, apiKey: 'sk-test-key', model: 'fake-model', timeoutMs: 300 },
  });
  plain = await buildApp(
    loadConfig({}, { ...t.config, llm: { ...t.config.llm, baseUrl: undefined } }),
    t.database,
  );
  ({ cookie } = await touringPerformer(t));
  await seedSmallNortheast(t.database.orm);
});
afterAll(async () => {
  await plain.close();
  await t.close();
  await llm.close();
});
afterEach(() => {
  llm.received.length = 0;
});

async function plan(app: FastifyInstance, prompt: string, constraints?: TTourConstraints) {
  const response = await send(app, 'POST', PLANS, cookie, {
    prompt,
    ...(constraints ? { constraints } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return { body: response.body, plan: ZTourPlan.parse(response.json()) };
}

/** Everything in a plan that is a number, a venue or a date: the planner's alone. */
const planned = (p: TTourPlan) => ({
  resolved: p.resolved,
  understood: p.understood,
  venues: p.venues,
  route: p.route,
  tourOptimization: p.tourOptimization,
});

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** What a well-behaved model writes: only the facts it was sent, figures as given. */
function faithfulEmail(facts: OutreachFacts): string {
  const nights = facts.stops.map((s) => {
    const date = `${MONTH_NAMES[Number(s.date.slice(5, 7)) - 1]} ${Number(s.date.slice(8, 10))}`;
    const fans =
      s.estimatedDemand === null ? 'few fans' : `${s.estimatedDemand.toLocaleString('en-US')} fans`;
    return `* ${date}: ${s.venueName}, ${s.city}, ${s.state} (${fans} nearby)`;
  });
  return [
    `Subject: ${facts.artistName} would love to play your room`,
    '',
    'Hi there,',
    '',
    ...nights,
    '',
    `Write to ${facts.contactEmail}.`,
    facts.artistName,
  ].join('\n');
}

const factsSent = (kind: 'email') => {
  const request = llm.received.find((r) => r.kind === kind);
  return JSON.parse(request?.body.messages?.[1]?.content ?? '{}') as OutreachFacts;
};

describe('with a language model', () => {
  it('takes the constraints from the model and the email from the model; every number stays the planner’s', async () => {
    llm.replyConstraints(MODEL_READING);
    llm.reply('email', (request) => ({
      content: faithfulEmail(JSON.parse(request.body.messages?.[1]?.content ?? '{}')),
    }));

    const { plan: withModel } = await plan(t.app, LOOSE_PROMPT);

    expect(llm.received.map((r) => r.kind)).toEqual(['constraints', 'email']);
    expect(withModel.constraints).toEqual(MODEL_READING);
    const facts = factsSent('email');
    expect(withModel.outreachEmail).toBe(faithfulEmail(facts));
    // The facts the model was given are the plan's own nights and demand.
    expect(facts.stops.map((s) => [s.date, s.venueName])).toEqual(
      withModel.route.map((s) => [s.date, s.venueName]),
    );
    const demand = new Map(withModel.venues.map((v) => [v.venueName, v.estimatedDemand]));
    for (const stop of facts.stops) expect(stop.estimatedDemand).toBe(demand.get(stop.venueName));
    expect(withModel.route.map((s) => s.city).sort()).toEqual(['New York', 'Philadelphia']);

    // The same constraints without a model: the same venues, demand, revenue, route and dates.
    const { plan: withoutModel } = await plan(plain, LOOSE_PROMPT, MODEL_READING);
    expect(planned(withModel)).toEqual(planned(withoutModel));
    expect(withoutModel.outreachEmail).not.toBe(withModel.outreachEmail);
  });

  it('uses corrected constraints as given, asking the model only for the email', async () => {
    llm.replyConstraints({ ...MODEL_READING, states: ['MA'] });
    llm.reply('email', (request) => ({
      content: faithfulEmail(JSON.parse(request.body.messages?.[1]?.content ?? '{}')),
    }));
    const { plan: corrected } = await plan(t.app, LOOSE_PROMPT, MODEL_READING);
    expect(llm.received.map((r) => r.kind)).toEqual(['email']);
    expect(corrected.constraints).toEqual(MODEL_READING);
  });
});

describe('when the model fails, the planner plans alone and never mentions a model', () => {
  let baseline: TTourPlan;
  beforeAll(async () => {
    ({ plan: baseline } = await plan(plain, PARSEABLE_PROMPT));
  });

  // The email is plain text, so its malformed answer is a body that is no chat completion.
  it.each<[string, LlmReply, LlmReply]>([
    ['429', { status: 429 }, { status: 429 }],
    ['500', { status: 500 }, { status: 503 }],
    [
      'malformed output',
      { content: '{"regions": ["Northeast"], "dateCount": ' },
      { raw: '{"choices": [{"message": ' },
    ],
    [
      'output failing the schema',
      { content: JSON.stringify({ regions: ['Narnia'] }) },
      { content: ' ' },
    ],
    ['a timeout', 'hold', 'hold'],
  ])('after %s: the parser’s constraints and the template email', async (_, constraints, email) => {
    llm.reply('constraints', constraints);
    llm.reply('email', email);

    const { plan: fallback, body } = await plan(t.app, PARSEABLE_PROMPT);

    // One request per call: a failing model is not asked again.
    expect(llm.received.map((r) => r.kind)).toEqual(['constraints', 'email']);
    expect(fallback.constraints).toEqual(baseline.constraints);
    expect(planned(fallback)).toEqual(planned(baseline));
    expect(fallback.outreachEmail).toBe(baseline.outreachEmail);
    expect(body).not.toMatch(/\b(model|llm|language|gpt|openai|ai)\b/i);
  });

  it('keeps the model’s reading but uses the template when its email invents a figure', async () => {
    llm.replyConstraints(baseline.constraints);
    llm.reply('email', (request) => ({
      content: `${faithfulEmail(JSON.parse(request.body.messages?.[1]?.content ?? '{}'))}\nWe expect 2,500 fans.`,
    }));
    const { plan: checked, body } = await plan(t.app, PARSEABLE_PROMPT);
    expect(planned(checked)).toEqual(planned(baseline));
    expect(checked.outreachEmail).toBe(baseline.outreachEmail);
    expect(body).not.toContain('2,500');
  });
});
