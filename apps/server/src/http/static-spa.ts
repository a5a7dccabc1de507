import { join } from 'node:path';
import { GENERIC_MESSAGES } from '@encore/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './api-paths.ts';
import { AppError } from './app-error.ts';
import type { SpaShell } from './spa-index.ts';
import { isSpaPage } from './spa-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Paths a newcomer types for a page the app keeps elsewhere (`/login` answered the
 * not-found page): sent on with a 301, the query kept. Any case, trailing slashes allowed.
 */
const TYPED_PATHS: Readonly<Record<string, string>> = {
  '/login': '/auth/login',
  '/signin': '/auth/login',
  '/sign-in': '/auth/login',
  '/signup': '/auth/create-account',
  '/sign-up': '/auth/create-account',
  '/register': '/auth/create-account',
};

/** Where a typed path's page is, with the request's query; undefined for any other path. */
function typedPathTarget(url: string): string | undefined {
  const end = url.search(/[?#]/);
  const path = (end < 0 ? url : url.slice(0, end)).replace(/\/+$/, '').toLowerCase();
  const target = Object.hasOwn(TYPED_PATHS, path) ? TYPED_PATHS[path] : undefined;
  return target && `${target}${end < 0 ? '' : url.slice(end)}`;
}

/**
 * Serves the built SPA when WEB_DIST_DIR holds one. Vite's /assets/ files carry a content hash in
 * their names, so they are cached for a year; index.html is revalidated on every load so a new
 * deploy is picked up. The build writes `.br` and `.gz` copies beside each text file
 * (apps/web/build/precompress.ts): `preCompressed` sends the one the client accepts, with its
 * Content-Encoding, so no CPU goes to compressing the same bytes per request; every file says
 * `Vary: Accept-Encoding`, as caches must keep the variants apart. Every other GET outside /api gets
 * index.html (client-side routing; from memory, http/spa-index.ts): as built for a page of the app,
 * with a 404 and `noindex` for any other path (the public pages with a head of their own are
 * routes, routes/page-html.routes.ts), except a missing /assets/ file, which is a real 404 in JSON:
 * serving HTML for a stale script name would fail in the browser in a more confusing way.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  shell: SpaShell | null,
): Promise<void> {
  if (shell) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      cacheControl: false,
      preCompressed: true,
      // One route per built file, listed at start (a deploy restarts the server), instead of a
      // wildcard route that looks on disk for every URL: a client-side route such as /landing
      // then reaches the not-found handler's in-memory index.html without a failed file lookup
      // (bench:api: /landing 0.17 -> 0.03 ms of Node a request, 11% -> 52% of bare Fastify).
      wildcard: false,
      setHeaders: (res, path) => {
        const isAsset = path.startsWith(join(webDistDir, 'assets'));
        res.setHeader('cache-control', isAsset ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => notFound(request, reply, shell));
}

/** Asset and upload URLs name files: HTML in their place would only confuse the browser. */
function isFilePath(url: string): boolean {
  return url.startsWith('/assets/') || url === '/uploads' || url.startsWith('/uploads/');
}

/**
 * A GET outside the API and the files: the app's index.html when the app has a page at that path
 * (http/spa-pages.ts), else its not-found page with a 404 and `noindex`, so that a made-up URL is
 * no page to a crawler while the app still draws its not-found screen.
 */
function notFound(request: FastifyRequest, reply: FastifyReply, shell: SpaShell | null) {
  const isPage = request.method === 'GET' || request.method === 'HEAD';
  if (shell && isPage && !isApiPath(request.url) && !isFilePath(request.url)) {
    const typed = reply.statusCode === 200 ? typedPathTarget(request.url) : undefined;
    if (typed) return reply.redirect(typed, 301);
    if (reply.statusCode === 200 && isSpaPage(request.url)) return shell.sendPage(request, reply);
    return shell.sendNotFound(request, reply);
  }
  throw new AppError('NOT_FOUND', GENERIC_MESSAGES.notFound);
}
