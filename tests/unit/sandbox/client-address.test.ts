/**
 * Whose address a request is counted by (issue 48): X-Forwarded-For only from a trusted proxy, its right-most entry
 * that is not one; a bad SANDBOX_TRUSTED_PROXIES entry is named in one line. (tests/unit/sandbox/hosting-image.test.ts
 * runs it behind the shipped HAProxy.)
 */
import { describe, expect, it } from 'vitest';
import { countedAs, parseTrustedProxies, resolveClientAddress } from '../../../src/sandbox/client-address.ts';

const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.0/8,fd00::/8');

describe('the client address', () => {
  it('is the connection’s own when the connection is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', trusted)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, trusted)).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '198.51.100.1', trusted)).toBe('unknown');
  });

  it('is the right-most X-Forwarded-For entry that is not a trusted proxy, from a trusted proxy', () => {
    // The client wrote 1.1.1.1 itself; the proxy chain appended the rest.
    expect(resolveClientAddress('127.0.0.1', '1.1.1.1, 198.51.100.7, 10.1.2.3', trusted)).toBe('198.51.100.7');
    expect(resolveClientAddress('::ffff:10.0.0.5', '2001:db8::1', trusted)).toBe('2001:db8::1');
    expect(resolveClientAddress('127.0.0.1', 'not-an-address', trusted)).toBe('127.0.0.1');
    expect(resolveClientAddress('127.0.0.1', '10.0.0.2, 10.0.0.3', trusted)).toBe('10.0.0.2');
  });

  it('trusts nobody by default, and names a bad entry in one line', () => {
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', parseTrustedProxies(undefined))).toBe('127.0.0.1');
    expect(() => parseTrustedProxies('127.0.0.1,10.0.0.0/33')).toThrow(
      'SANDBOX_TRUSTED_PROXIES: "10.0.0.0/33" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, fd00::/8).',
    );
    expect(() => parseTrustedProxies('haproxy')).toThrow(/"haproxy" is not an IP address/);
  });

  it('is counted by its /64 network when it is IPv6, since one subscriber holds every address in it', () => {
    expect(countedAs('2001:db8:0:1::7')).toBe('2001:db8:0:1::/64');
    expect(countedAs('2001:0DB8:0000:0001:abcd:ef01:2345:6789')).toBe('2001:db8:0:1::/64');
    expect(countedAs('2001:db8:0:1:ffff::1%eth0')).toBe('2001:db8:0:1::/64');
    expect(countedAs('2001:db8:0:2::7')).toBe('2001:db8:0:2::/64');
    expect(countedAs('::1')).toBe('0:0:0:0::/64');
    expect(countedAs('64:ff9b::198.51.100.7')).toBe('64:ff9b:0:0::/64');
    expect(countedAs('198.51.100.7')).toBe('198.51.100.7');
    expect(countedAs('unknown')).toBe('unknown');
  });
});
