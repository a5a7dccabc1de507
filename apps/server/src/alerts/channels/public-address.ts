import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a push may never reach: everything that is not the public internet (RFC 6890 and
 * the IANA special-purpose registries). A push endpoint that resolves into one of them is a
 * request forged into our own host or network, whatever its host name says.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 (reaches the local host on Linux)
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local (the IPv6 private range)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inside some networks)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether `address` (an IPv4 or IPv6 literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !NOT_PUBLIC.check(address, 'ipv4');
  if (!isIPv6(address)) return false;
  const words = ipv6Words(address);
  const embedded = embeddedIPv4(words);
  if (embedded !== undefined) return isPublicAddress(embedded);
  // Global unicast is 2000::/3; everything else is reserved, local or multicast.
  const first = words[0] ?? 0;
  if (first < 0x2000 || first > 0x3fff) return false;
  return !NOT_PUBLIC.check(address, 'ipv6');
}

/**
 * The IPv4 address an IPv6 one stands for, where the network delivers it to that IPv4 address:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated), NAT64's well-known
 * prefix (64:ff9b::/96) and 6to4 (2002:AABB:CCDD::/48).
 */
function embeddedIPv4(w: number[]): string | undefined {
  const quad = (high: number, low: number) =>
    [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && w[5] === 0xffff) return quad(w[6] ?? 0, w[7] ?? 0);
  // ::/96 with something in the last two words, but not :: or ::1 (listed above).
  if (zeros(0, 6) && ((w[6] ?? 0) !== 0 || (w[7] ?? 0) > 1)) return quad(w[6] ?? 0, w[7] ?? 0);
  if (w[0] === 0x64 && w[1] === 0xff9b && zeros(2, 6)) return quad(w[6] ?? 0, w[7] ?? 0);
  if (w[0] === 0x2002) return quad(w[1] ?? 0, w[2] ?? 0);
  return undefined;
}

/** An IPv6 literal's eight 16-bit words (`::` expanded, a trailing dotted quad converted). */
function ipv6Words(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}
