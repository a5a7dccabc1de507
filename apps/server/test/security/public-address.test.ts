import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/alerts/channels/public-address.ts';

describe('isPublicAddress', () => {
  it('accepts public unicast addresses', () => {
    for (const address of [
      '142.250.74.106',
      '8.8.8.8',
      '100.63.255.255',
      '100.128.0.0',
      '172.32.0.1',
      '2a00:1450:4007:80e::200a',
      '2606:4700::6810:84e5',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, multicast, reserved and unspecified addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.255',
      '192.0.0.8',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '2001::1',
      '100::1',
      // IPv6 spellings of IPv4 addresses that are not public.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      '2002:c0a8:101::1',
      // Not an address at all.
      'localhost',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
