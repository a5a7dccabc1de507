import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAccessRules } from '../../src/http/access-guard.ts';
import { accessKey, accessRuleOf } from '../../src/http/access-rules.ts';

describe('the access rules table', () => {
  it('keys HEAD as GET and ignores a trailing slash', () => {
    expect(accessKey('HEAD', '/api/notifications/')).toBe('GET /api/notifications');
    expect(accessRuleOf('DELETE', '/api/account/')).toEqual({ access: 'signed-in' });
    expect(accessRuleOf('GET', '/api/constructor')).toBeUndefined();
  });

  it('stops the app from starting with an API route it does not declare', async () => {
    const app = Fastify();
    requireAccessRules(app);
    const registering = app.register(
      async (api) => {
        api.post('/undeclared', async () => 'reached');
      },
      { prefix: '/api' },
    );
    await expect(registering).rejects.toThrow(
      'POST /api/undeclared has no access rule: declare who may call it',
    );
    await app.close();
  });

  it('leaves routes outside /api and /uploads (the SPA’s files) alone', async () => {
    const app = Fastify();
    requireAccessRules(app);
    app.get('/*', async () => 'index.html');
    app.get('/api/health', async () => 'ok');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
