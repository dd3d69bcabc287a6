/**
 * Preloaded into a program (`NODE_OPTIONS=--import=…/host-lookups.ts`) to record every host name it looks up, one a
 * line, into the file HOST_LOOKUPS_LOG names: what a build would reach out to on a docs team's network.
 */
import dns from 'node:dns';
import { appendFileSync } from 'node:fs';

const log = process.env.HOST_LOOKUPS_LOG;
if (log) {
  const record = (hostname: unknown) => appendFileSync(log, `${String(hostname)}\n`);
  const lookup = dns.lookup;
  // net and fetch (undici) resolve through dns.lookup; the promise API is patched as well for direct callers.
  dns.lookup = ((hostname: string, ...rest: unknown[]) => {
    record(hostname);
    return (lookup as (...args: unknown[]) => unknown).call(dns, hostname, ...rest);
  }) as typeof dns.lookup;
  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = ((hostname: string, ...rest: unknown[]) => {
    record(hostname);
    return (lookupPromise as (...args: unknown[]) => unknown).call(dns.promises, hostname, ...rest);
  }) as typeof dns.promises.lookup;
}
