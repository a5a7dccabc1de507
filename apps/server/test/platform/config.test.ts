import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { assertTraversableByOthers } from '../../src/db/data-dir-access.ts';
import { makeTempDir } from '../support/paths.ts';

const dir = makeTempDir('config');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: join(dir, 'defaults') });
    expect(config).toMatchObject({
      port: 3000,
      // This machine only: the demo's published password never reaches the network unasked.
      host: 'localhost',
      databaseUrl: undefined,
      embeddedPgPort: 5433,
      publicUrl: 'http://localhost:3000',
      trustedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'],
      rateLimit: { windowSeconds: 60, signUp: 10, login: 10, usernameCheck: 60 },
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/);
  });

  it('listens beyond this machine when HOST says so, or PUBLIC_URL names another host (a first start must not serve the demo, whose password is published, to the network)', () => {
    const secret = { DATA_DIR: join(dir, 'host'), BETTER_AUTH_SECRET: 's'.repeat(32) };
    const hostOf = (env: Record<string, string>) => loadConfig({ ...secret, ...env }).host;
    expect(hostOf({})).toBe('localhost');
    expect(hostOf({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe('localhost');
    expect(hostOf({ PUBLIC_URL: 'http://localhost:5173' })).toBe('localhost');
    expect(hostOf({ PUBLIC_URL: 'https://encore.example.com' })).toBe('0.0.0.0');
    expect(hostOf({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
    expect(hostOf({ HOST: '10.0.0.5', PUBLIC_URL: 'https://encore.example.com' })).toBe('10.0.0.5');
  });

  it('resolves DATA_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'relative/data', BETTER_AUTH_SECRET: 's'.repeat(32) });
    expect(config.dataDir).toBe(join(process.cwd(), 'relative/data'));
  });

  it('generates the auth secret once, mode 600, and reuses it', () => {
    const dataDir = join(dir, 'secret');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, 'auth-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
  });

  it('prefers BETTER_AUTH_SECRET and writes no file then', () => {
    const dataDir = join(dir, 'env-secret');
    const config = loadConfig({ DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'e'.repeat(40) });
    expect(config.authSecret).toBe('e'.repeat(40));
    expect(() => statSync(join(dataDir, 'auth-secret'))).toThrow();
  });

  it('without PUBLIC_URL trusts every loopback spelling of its own port, and no other port', () => {
    const config = loadConfig({ DATA_DIR: join(dir, 'loopback'), PORT: '4100' });
    expect(config.trustedOrigins).toEqual([
      'http://localhost:4100',
      'http://127.0.0.1:4100',
      'http://[::1]:4100',
    ]);
  });

  it('trusts PUBLIC_URL’s origin and every TRUSTED_ORIGINS entry', () => {
    const config = loadConfig({
      DATA_DIR: join(dir, 'origins'),
      BETTER_AUTH_SECRET: 's'.repeat(32),
      PUBLIC_URL: 'https://encore.example/app/',
      TRUSTED_ORIGINS: 'http://localhost:5173, https://admin.encore.example/',
      TRUST_PROXY: '1',
    });
    expect(config.publicUrl).toBe('https://encore.example/app');
    expect(config.trustedOrigins).toEqual([
      'https://encore.example',
      'http://localhost:5173',
      'https://admin.encore.example',
    ]);
    expect(config.trustProxy).toBe(1);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ TRUSTED_ORIGINS: 'localhost' }, /TRUSTED_ORIGINS/],
    [{ BETTER_AUTH_SECRET: 'short' }, /BETTER_AUTH_SECRET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
  ])('names the variable that is wrong (%j)', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: join(dir, 'bad'), ...env })).toThrow(pattern);
  });
});

describe('assertTraversableByOthers', () => {
  it('explains how to fix a folder the postgres user cannot enter', () => {
    const closed = join(dir, 'closed');
    mkdirSync(closed, { mode: 0o700 });
    expect(() => assertTraversableByOthers(join(closed, 'data'))).toThrow(
      new RegExp(`chmod 755 ${closed}.*DATA_DIR`),
    );
  });

  it('accepts a path whose folders are all 755', () => {
    expect(() => assertTraversableByOthers(join(dir, 'not-yet-created', 'data'))).not.toThrow();
  });
});
