import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { makeTempDir } from '../support/paths.ts';

const env = {
  DATA_DIR: join(makeTempDir('config-push'), 'data'),
  BETTER_AUTH_SECRET: 's'.repeat(32),
};

describe('web push configuration', () => {
  it('allows only the browsers’ push services, and no private addresses, by default', () => {
    expect(loadConfig(env).push).toEqual({
      serviceHosts: [
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        'push.services.mozilla.com',
        '*.push.apple.com',
        '*.notify.windows.com',
      ],
      allowPrivateAddresses: false,
    });
  });

  it('reads PUSH_SERVICE_HOSTS and PUSH_ALLOW_PRIVATE_ADDRESSES', () => {
    const config = loadConfig({
      ...env,
      PUSH_SERVICE_HOSTS: ' Push.Example.com, *.push.example.net ,127.0.0.1,',
      PUSH_ALLOW_PRIVATE_ADDRESSES: 'on',
    });
    expect(config.push).toEqual({
      serviceHosts: ['push.example.com', '*.push.example.net', '127.0.0.1'],
      allowPrivateAddresses: true,
    });
  });

  it('refuses a list that is empty or holds URLs instead of hosts', () => {
    expect(() => loadConfig({ ...env, PUSH_SERVICE_HOSTS: ' , ' })).toThrow(/PUSH_SERVICE_HOSTS/);
    expect(() => loadConfig({ ...env, PUSH_SERVICE_HOSTS: 'https://fcm.googleapis.com/' })).toThrow(
      /PUSH_SERVICE_HOSTS/,
    );
    expect(() => loadConfig({ ...env, PUSH_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /PUSH_ALLOW_PRIVATE_ADDRESSES/,
    );
  });
});

describe('show import configuration', () => {
  it('keeps calendar URLs off private addresses unless SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES=on', () => {
    expect(loadConfig(env).showImport).toEqual({ allowPrivateAddresses: false });
    const on = loadConfig({ ...env, SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES: 'on' });
    expect(on.showImport).toEqual({ allowPrivateAddresses: true });
    expect(() => loadConfig({ ...env, SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /SHOW_IMPORT_ALLOW_PRIVATE_ADDRESSES/,
    );
  });
});

describe('rate-limit configuration', () => {
  it('has a documented default for every limited kind of request', () => {
    expect(loadConfig(env).rateLimit).toEqual({
      windowSeconds: 60,
      signUp: 10,
      login: 10,
      usernameCheck: 60,
      passwordChange: 5,
      verificationSend: 5,
      phoneVerify: 20,
      feedback: 5,
      dataExport: 5,
      photoUpload: 10,
      showChanges: 30,
      search: 120,
      spotify: 60,
      lastfm: 30,
      clientEvents: 30,
      ticketClicks: 60,
      tourPlans: 20,
      bookingRequests: 30,
      showImports: 20,
    });
  });

  it('reads each RATE_LIMIT_* variable, and refuses what is not a positive count', () => {
    const config = loadConfig({
      ...env,
      RATE_LIMIT_PASSWORD_CHANGE: '3',
      RATE_LIMIT_FEEDBACK: '2',
      RATE_LIMIT_SHOW_CHANGES: '100',
      RATE_LIMIT_SEARCH: '600',
    });
    expect(config.rateLimit).toMatchObject({
      passwordChange: 3,
      feedback: 2,
      showChanges: 100,
      search: 600,
    });
    expect(() => loadConfig({ ...env, RATE_LIMIT_SPOTIFY: '0' })).toThrow(/RATE_LIMIT_SPOTIFY/);
  });
});
