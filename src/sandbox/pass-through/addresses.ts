/**
 * Which IP addresses the pass-through will not connect to, and why: loopback, link-local, private (RFC 1918),
 * unique local (fc00::/7), shared (100.64.0.0/10, carrier-grade NAT), unspecified, multicast, reserved, and the
 * cloud metadata addresses. An IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged by that one.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Why an address is out of reach: the words that follow "is" ("a loopback address"); undefined for a public one. */
export function nonPublicKind(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return kindOfIPv4(ipv4Number(bare));
  if (isIPv6(bare)) return kindOfIPv6(ipv6Groups(bare));
  return 'not an IP address';
}

/** Host names that are cloud metadata services, whatever they resolve to. */
export const metadataHostNames = new Set(['metadata.google.internal', 'metadata.goog', 'metadata']);

/** Whether a host name names this machine (RFC 6761: `localhost` and every name under it). */
export const isLocalhostName = (hostname: string) => hostname === 'localhost' || hostname.endsWith('.localhost');

const v4 = (text: string, bits: number): [number, number] => [ipv4Number(text), bits];

/** In order: the first that holds an address names it (metadata before link-local, unspecified before reserved). */
const ipv4Kinds: [string, [number, number][]][] = [
  ['a cloud metadata address', [v4('169.254.169.254', 32), v4('100.100.100.200', 32)]],
  ['an unspecified address', [v4('0.0.0.0', 8)]],
  ['a loopback address', [v4('127.0.0.0', 8)]],
  ['a link-local address', [v4('169.254.0.0', 16)]],
  ['a private address (RFC 1918)', [v4('10.0.0.0', 8), v4('172.16.0.0', 12), v4('192.168.0.0', 16)]],
  ['a shared address (100.64.0.0/10, carrier-grade NAT)', [v4('100.64.0.0', 10)]],
  ['a multicast address', [v4('224.0.0.0', 4)]],
  [
    'a reserved address',
    [
      v4('240.0.0.0', 4),
      v4('192.0.0.0', 24),
      v4('192.0.2.0', 24),
      v4('198.18.0.0', 15),
      v4('198.51.100.0', 24),
      v4('203.0.113.0', 24),
    ],
  ],
];

function kindOfIPv4(n: number): string | undefined {
  for (const [kind, ranges] of ipv4Kinds) {
    for (const [start, bits] of ranges) {
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      if ((n & mask) >>> 0 === (start & mask) >>> 0) return kind;
    }
  }
  return undefined;
}

function kindOfIPv6(g: number[]): string | undefined {
  const zeroTo = (end: number) => g.slice(0, end).every((x) => x === 0);
  if (zeroTo(8)) return 'an unspecified address';
  if (zeroTo(7) && g[7] === 1) return 'a loopback address';
  const embedded = (hi: number, lo: number) => ((hi << 16) | lo) >>> 0;
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), 64:ff9b::a.b.c.d (NAT64): the IPv4 address decides.
  if (zeroTo(5) && g[5] === 0xffff) return kindOfIPv4(embedded(g[6] ?? 0, g[7] ?? 0));
  if (zeroTo(6)) return kindOfIPv4(embedded(g[6] ?? 0, g[7] ?? 0)) ?? 'a reserved address';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return kindOfIPv4(embedded(g[6] ?? 0, g[7] ?? 0));
  }
  // 2002:aabb:ccdd::/48 (6to4) carries aa.bb.cc.dd.
  if (g[0] === 0x2002) return kindOfIPv4(embedded(g[1] ?? 0, g[2] ?? 0));
  if (g.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')) return 'a cloud metadata address';
  const first = g[0] ?? 0;
  if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((first & 0xfe00) === 0xfc00) return 'a unique local address (fc00::/7)';
  if ((first & 0xffc0) === 0xfec0) return 'a site-local address (deprecated)';
  if ((first & 0xff00) === 0xff00) return 'a multicast address';
  if (first === 0x2001 && g[1] === 0xdb8) return 'a reserved address';
  if (first === 0x100 && zeroTo(4)) return 'a reserved address';
  return undefined;
}

function ipv4Number(text: string): number {
  return text.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0);
}

/** The eight 16-bit groups of an IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function ipv6Groups(text: string): number[] {
  let address = text.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const n = ipv4Number(dotted[1]);
    address = `${address.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((part) => Number.parseInt(part, 16));
}
