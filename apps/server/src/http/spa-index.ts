import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, etagMatches } from './public-cache.ts';

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/i;
/** What a page that is not one says to crawlers, in place of the app's title. */
const NOT_FOUND_HEAD =
  '<title>Page not found · Encore</title>\n    <meta name="robots" content="noindex">';

type Variants = { identity: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * The SPA's index.html, for every client-side route (/landing, /dashboard …): read once at start
 * with the `.br` and `.gz` the build wrote beside it (they change only with a build, and a deploy
 * restarts the server), so a page load costs no file system call, stat or stream. A strong ETag per
 * variant lets the browser revalidate with a 304. A variant the build did not write is left to
 * http/compression.ts (it compresses above 1 KB).
 *
 * Besides the plain page: the not-found page (404, `noindex`, compressed here once), and
 * `withHead`, the page with a public page's own title, description and preview tags in place of
 * the app's title and description (http/page-html.ts caches and compresses those per page).
 * Null without a web build.
 */
export function loadSpaShell(webDistDir: string) {
  const path = join(webDistDir, 'index.html');
  if (!existsSync(path)) return null;
  const identity = readFileSync(path);
  const read = (suffix: string) =>
    existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined;
  const plain = sender({ identity, br: read('.br'), gzip: read('.gz') }, { etag: true });

  const [before, after] = splitAtHead(identity.toString('utf8'));
  const description = DESCRIPTION.exec(identity.toString('utf8'))?.[0].trim();
  const withHead = (head: string) => `${before}${head}${after}`;
  const notFoundHtml = Buffer.from(
    withHead(description ? `${NOT_FOUND_HEAD}\n    ${description}` : NOT_FOUND_HEAD),
  );
  const notFound = sender(
    {
      identity: notFoundHtml,
      br: brotliCompressSync(notFoundHtml, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      gzip: gzipSync(notFoundHtml, { level: 9 }),
    },
    { etag: false },
  );

  return {
    /** The app's index.html as built: a page with no head of its own (signed-in pages …). */
    sendPage: plain,
    /**
     * 404 with `noindex`: no page at this URL (a made-up path, an unknown show). The app still
     * starts from it and draws its not-found screen. No ETag: nothing to revalidate.
     */
    sendNotFound: (request: FastifyRequest, reply: FastifyReply) =>
      notFound(request, reply.code(404)),
    /** index.html with `head` (escaped HTML: a title, description and preview tags) in the app's. */
    withHead,
  };
}

export type SpaShell = NonNullable<ReturnType<typeof loadSpaShell>>;

/**
 * The template around the app's title and description: `head` goes where the title was (before
 * `</head>` if there is none), and the description goes, since each page brings its own.
 */
function splitAtHead(html: string): [string, string] {
  const text = html.replace(DESCRIPTION, '');
  const title = TITLE.exec(text);
  if (title) return [text.slice(0, title.index), text.slice(title.index + title[0].length)];
  const end = text.search(/<\/head>/i);
  return end < 0 ? ['', text] : [text.slice(0, end), text.slice(end)];
}

function sender(variants: Variants, { etag }: { etag: boolean }) {
  const hash = createHash('sha1').update(variants.identity).digest('base64url').slice(0, 22);
  const offered = [
    ...(variants.br ? ['br' as const] : []),
    ...(variants.gzip ? ['gzip' as const] : []),
  ];
  return function send(request: FastifyRequest, reply: FastifyReply) {
    const encoding = acceptedEncoding(request.headers, offered);
    const bytes = variants[encoding] ?? variants.identity;
    // A route that sends its not-found here (the ticket link) keeps its own cache-control.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (etag) {
      reply.header('etag', `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`);
      if (etagMatches(request.headers['if-none-match'], hash)) return reply.code(304).send();
    }
    reply.type('text/html; charset=utf-8');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(bytes);
  };
}
