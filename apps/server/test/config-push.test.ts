import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { makeTempDir } from './support/paths.ts';

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
