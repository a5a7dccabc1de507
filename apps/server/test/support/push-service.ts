import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * What an Encore needs to push to a local service: its host allowed (PUSH_SERVICE_HOSTS) and
 * loopback addresses reachable (PUSH_ALLOW_PRIVATE_ADDRESSES), which production never allows.
 */
export const LOCAL_PUSH_CONFIG = { serviceHosts: ['127.0.0.1'], allowPrivateAddresses: true };
export const LOCAL_PUSH_ENV = {
  PUSH_SERVICE_HOSTS: '127.0.0.1',
  PUSH_ALLOW_PRIVATE_ADDRESSES: 'on',
};

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** When the service answered (Date.now()), and with what. */
  at: number;
  status: number;
  retryAfter: string | undefined;
};

/**
 * A local push service over HTTPS (web-push only speaks HTTPS) with a fresh self-signed
 * certificate: it records each push and answers 201, or what `respondWith` sets. Pass `ca` to
 * the push sender (its `ca` option) to trust it.
 */
export async function startPushService() {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      // localhost too: the test that an allowed name resolving to loopback is refused needs a
      // certificate that would otherwise be accepted.
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const key = readFileSync(join(dir, 'key.pem'));
  const cert = readFileSync(join(dir, 'cert.pem'));
  rmSync(dir, { recursive: true, force: true });

  const received: ReceivedPush[] = [];
  const state: { status: number; headers: Record<string, string>; body: string } = {
    status: 201,
    headers: {},
    body: '',
  };
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
        status: state.status,
        retryAfter: state.headers['retry-after'],
      });
      response.writeHead(state.status, state.headers);
      response.end(state.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    /** The certificate to trust (the sender's `ca`, or a child's NODE_EXTRA_CA_CERTS file). */
    ca: cert,
    received,
    /** The answer to every push from now on: status, headers and body (none by default). */
    respondWith(status: number, headers: Record<string, string> = {}, body = '') {
      state.status = status;
      state.headers = headers;
      state.body = body;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's side of a subscription: a P-256 key pair and an auth secret, as PushManager makes. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts an aes128gcm push body (RFC 8291 / RFC 8188), as the browser would. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([
        Buffer.from('WebPush: info\0'),
        ecdh.getPublicKey(),
        senderPublic,
      ]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(-16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, -16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then optional zero padding.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
