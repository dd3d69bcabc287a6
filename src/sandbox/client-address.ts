/**
 * Who a client is, by address: the connection's own, unless it comes from a proxy the sandbox was told to trust
 * (SANDBOX_TRUSTED_PROXIES, e.g. the hosted sandbox's HAProxy), which says in X-Forwarded-For whom it speaks for.
 * A client that sends its own X-Forwarded-For straight to the sandbox is not believed: behind a load balancer every
 * client would otherwise share its address (one client's ban would be everyone's), and before this every client
 * could be anyone.
 */
import { BlockList, isIP } from 'node:net';

/** The addresses and ranges (CIDR) whose X-Forwarded-For is believed. */
export interface TrustedProxies {
  has(address: string): boolean;
  /** As configured, for the start-up line. */
  readonly listed: readonly string[];
}

/** A comma-separated list of addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8,::1`), or a one-line error naming the bad entry. */
export function parseTrustedProxies(text: string | undefined, from = 'SANDBOX_TRUSTED_PROXIES'): TrustedProxies {
  const list = new BlockList();
  const listed: string[] = [];
  for (const entry of (text ?? '').split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || rest.length > 0 || (prefix !== undefined && (!/^\d+$/.test(bits ?? '') || prefix > maxBits))) {
      throw new Error(`${from}: "${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, fd00::/8).`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
    listed.push(entry);
  }
  return {
    listed,
    has(address) {
      const plain = unmapped(address);
      const family = isIP(plain);
      return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

export const noTrustedProxies: TrustedProxies = parseTrustedProxies('');

/**
 * The client's address: the socket's, or, when the socket is a trusted proxy's, the right-most X-Forwarded-For
 * entry that is not a trusted proxy (what the nearest untrusted hop said; anything left of it the client wrote).
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string {
  const socket = socketAddress ? unmapped(socketAddress) : 'unknown';
  if (!forwardedFor || !trusted.has(socket)) return socket;
  const hops = forwardedFor
    .split(',')
    .map((hop) => unmapped(hop.trim()))
    .filter((hop) => isIP(hop) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as string;
    if (!trusted.has(hop)) return hop;
  }
  // Every hop is a trusted proxy: the left-most is the nearest to the client there is.
  return hops[0] ?? socket;
}

/** `::ffff:10.0.0.1` (an IPv4 client on an IPv6 socket) is `10.0.0.1`. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * What the limits count a client as: its IPv4 address, or its IPv6 address's /64 network (`2001:db8:0:1::/64`). A
 * subscriber is given at least a /64 and may send from any of its 2^64 addresses: counted by address, one client
 * could step past every per-address limit (keys issued, rate limits, bans) by changing its interface id.
 */
export function countedAs(address: string): string {
  const groups = ipv6Groups(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros; undefined for anything else. */
function ipv6Groups(address: string): string[] | undefined {
  const plain = address.replace(/%.*$/, '');
  if (isIP(plain) !== 6) return undefined;
  // A trailing dotted IPv4 part (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const text = plain.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [((+a << 8) | +b).toString(16), ((+c << 8) | +d).toString(16)].join(':'),
  );
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
