import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import { accessKey, accessRuleOf, isGuardedUrl } from './access-rules.ts';
import { AppError } from './app-error.ts';
import { requireSignedIn } from './signed-in.ts';

/**
 * Refuses to register an API route that has no rule in `access-rules.ts`: a new route cannot land
 * undeclared, since the app (and every test) fails to start. Must be added before any route.
 */
export function requireAccessRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!isGuardedUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!accessRuleOf(method, route.url)) {
        throw new Error(
          `${accessKey(method, route.url)} has no access rule: declare who may call it in ` +
            'apps/server/src/http/access-rules.ts',
        );
      }
    }
  });
}

/**
 * Enforces the coarse part of each route's rule on the route the router matched (whatever the
 * spelling of the URL), before the body is read: 401 without a session, 403 for a wrong role.
 * Owner checks stay in the services, which load the target. A request that matched no route
 * reaches no handler (404), so there is nothing to guard.
 */
export function accessGuard(auth: Auth): onRequestHookHandler {
  // A callback, not an async function: a public route's check is one lookup and no promise.
  return (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url === undefined) return done();
    const rule = accessRuleOf(request.method, url);
    if (!rule || rule.access === 'public' || rule.access === 'token') return done();
    requireSignedIn(auth, request).then((user) => {
      if (rule.access !== 'signed-in' && !rule.roles.includes(user.role)) {
        return done(new AppError('FORBIDDEN', rule.refusal));
      }
      done();
    }, done);
  };
}
