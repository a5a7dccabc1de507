import { z } from 'zod';

/**
 * A success answer that is not JSON, for a route's `response`: Fastify's own form for a response
 * by media type (`{ description, content: { [type]: { schema } } }`), which the document shows
 * as that media type (http/openapi.ts converts its zod schema). The handler sets the same type
 * on the reply; test/platform/openapi-lint.test.ts requests each such route and compares.
 */
export function mediaAnswer(
  types: string | readonly string[],
  description: string,
  schema: z.ZodType = z.string(),
) {
  const list = typeof types === 'string' ? [types] : types;
  return { description, content: Object.fromEntries(list.map((type) => [type, { schema }])) };
}

/** A redirect's answer: no body, and where it sends the browser. */
export function redirectAnswer(description: string) {
  return z.null().describe(description);
}

export type MediaAnswer = ReturnType<typeof mediaAnswer>;

/** Whether a route's response entry is a `mediaAnswer` rather than a zod schema (JSON). */
export function isMediaAnswer(entry: unknown): entry is MediaAnswer {
  return typeof entry === 'object' && entry !== null && 'content' in entry;
}
