import { lookup } from 'node:dns/promises';
import { isIP, isIPv4 } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { isPublicAddress } from './public-address.ts';

/** A push endpoint's host resolved to an address pushes may not reach: final, never retried. */
export class PushAddressRefusedError extends Error {
  readonly code = 'PUSH_ADDRESS_REFUSED';
}

export type PushAgentOptions = {
  /** Kept-alive connections per push service. */
  connections: number;
  timeoutMs: number;
  /** PUSH_ALLOW_PRIVATE_ADDRESSES: tests and benches only, whose push service is on loopback. */
  allowPrivateAddresses: boolean;
  /** Test seam: a certificate authority to trust (a local push service's self-signed one). */
  ca?: string | Buffer;
  /** Test seam: how host names are resolved (default: the system's resolver, as Node does). */
  resolve?: (hostname: string) => Promise<string[]>;
};

/**
 * The HTTP client pushes go through: an undici keep-alive pool whose every new connection first
 * resolves the push service's host once, refuses it if any of its addresses is not public
 * (loopback, private, link-local, multicast, …; public-address.ts), and then connects to the
 * address it checked. Checking at connection time, on the very address used, leaves no gap for
 * DNS rebinding between a check and the connect. The TLS certificate is still verified against
 * the host name (SNI included).
 */
export function createPushAgent(options: PushAgentOptions): Agent {
  const connectTls = buildConnector({
    timeout: options.timeoutMs,
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const resolve = options.resolve ?? resolveWithSystem;

  async function checkedAddress(hostname: string): Promise<string> {
    const addresses = isIP(hostname) ? [hostname] : await resolve(hostname);
    if (addresses.length === 0) throw new Error(`${hostname} has no address`);
    if (!options.allowPrivateAddresses) {
      const refused = addresses.find((address) => !isPublicAddress(address));
      if (refused !== undefined) {
        throw new PushAddressRefusedError(
          `push endpoint refused: ${hostname} resolves to ${refused}, which is not a public address`,
        );
      }
    }
    // IPv4 first: a host without IPv6 routes would otherwise fail on hosts that have both.
    return addresses.find((address) => isIPv4(address)) ?? (addresses[0] as string);
  }

  return new Agent({
    connections: options.connections,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect(connectOptions, callback) {
      const { hostname } = connectOptions;
      checkedAddress(hostname).then(
        (address) =>
          connectTls(
            {
              ...connectOptions,
              hostname: address,
              // The certificate and SNI are the host name's, not the address's.
              ...(isIP(hostname) ? {} : { servername: hostname }),
            },
            callback,
          ),
        (error: Error) => callback(error, null),
      );
    },
  });
}

async function resolveWithSystem(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true })).map((entry) => entry.address);
}
