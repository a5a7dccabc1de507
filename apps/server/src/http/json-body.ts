import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser, except that an empty body with `content-type: application/json` is "no
 * body" rather than an error: fetch wrappers often send that header on every request (logout).
 * Prototype-poisoning keys are still rejected by the default parser.
 *
 * Fastify also parses `text/plain` by default. Nothing of ours takes text, and a text body is what
 * an HTML form or a "simple" cross-site fetch can send without a preflight, so it goes: any body
 * but JSON is a 415 wherever a route has not added its own parser (photo upload, the two
 * token-authenticated form posts).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('text/plain');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
