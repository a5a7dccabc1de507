import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser, except that an empty body with `content-type: application/json` is "no
 * body" rather than an error: fetch wrappers often send that header on every request (logout).
 * Prototype-poisoning keys are still rejected by the default parser.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
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
