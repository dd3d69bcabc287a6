/**
 * `npm run sandbox`: the local Pet Store API on http://localhost:4010 (the sandbox server in the spec), or for any
 * other description a sandbox made from it (`described/`). Its settings are the environment's, listed in `usage`
 * (`npm run sandbox -- --help`). With `"tryIt": { "passThrough": true }` in the description's portal.json
 * (PETSTORE_PORTAL names another file), it also serves the guarded pass-through to the description's own servers at
 * /proxy (src/sandbox/pass-through/).
 */

import { isIPv6 } from 'node:net';
import path from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import type { Hono } from 'hono';
import { readCommandLine } from '../command-line.ts';
import { mcpHttpApp, mcpPath } from '../mcp/http.ts';
import { mcpOptions } from '../mcp/options.ts';
import {
  type ApiModel,
  anonymousQuota,
  loadApiModel,
  operationCount,
  passThroughBases,
  resolveSpecPath,
  SpecError,
  sandboxServer,
} from '../openapi/index.ts';
import { systemClock } from '../rate-limits/clock.ts';
import { hostedSandboxUrl, SandboxUrlError } from '../site/console-sandbox.ts';
import { loadPortalConfig } from '../site/portal-config.ts';
import { SiteConfigError } from '../site/site-config.ts';
import type { SandboxErrorCode } from './api-error.ts';
import { createSandbox } from './app.ts';
import { parseTrustedProxies } from './client-address.ts';
import { createDescribedSandbox, describedKeylessQuota, keysPath } from './described/app.ts';
import type { CallerCollections } from './described/collection-data.ts';
import { describedStatus } from './described/problems.ts';
import { watchDescription } from './description-watch.ts';
import { defaultIssuanceLimits } from './handlers/sandbox-keys.ts';
import { listen } from './http-server.ts';
import {
  createPassThrough,
  isPassThroughPath,
  type PassThrough,
  passThroughPath,
} from './pass-through/pass-through.ts';
import { hasHandwrittenRules } from './spec-check.ts';
import { createMemoryStore } from './store/memory-store.ts';
import { petStoreDataSets } from './store/records.ts';
import { createRedisStore } from './store/redis-store.ts';
import type { DataSetKind, SandboxStore } from './store/sandbox-store.ts';

const usage = `Usage: npm run sandbox

Serves the sandbox of the description (PETSTORE_SPEC, else spec/openapi.yaml): the Pet Store's own rules, or for any
other description one made from it, with example data that resets on restart. Its settings are environment variables:

  SANDBOX_PORT             the port (else PORT, else the port of the description's sandbox server, else 4010)
  SANDBOX_HOST             the address it listens on (default 127.0.0.1)
  SANDBOX_URL              its public address, as the portal is built with it: the links of its answers and the
                           only host its /mcp answers for
  SANDBOX_ALLOWED_ORIGINS  origins besides this machine's whose pages may call it, comma-separated (SITE_URL too)
  SANDBOX_STORE            redis://host:port[/db] to keep data and counts in Redis or Valkey (default: in memory)
  SANDBOX_TRUSTED_PROXIES  load balancers whose X-Forwarded-For names the client: addresses and CIDR ranges
  SANDBOX_MAX_KEYS         personal keys alive at once (default 2,000)

  --watch     follow the description: serve each saved version that loads (npm run dev runs it so); keys and data
              are kept, and a version that does not load or that the Pet Store's own rules disagree with is named
              while the last good one is served
  -h, --help  print this and exit`;
const commandLine = readCommandLine(process.argv.slice(2), {
  name: 'sandbox',
  usage,
  options: { watch: { type: 'boolean' } },
});
if (!commandLine.ok) {
  (commandLine.exitCode === 0 ? console.log : console.error)(commandLine.message);
  process.exit(commandLine.exitCode);
}

const watching = commandLine.args.values.watch === true;
const specPath = resolveSpecPath(process.cwd());
let model: ApiModel = await loadApiModel(specPath).catch((error: unknown) => {
  console.error(error instanceof SpecError ? error.message : error);
  process.exit(1);
});

const describedServer = sandboxServer(model);
const specPort = describedServer ? Number(new URL(describedServer.url).port) : Number.NaN;
const port = Number(
  process.env.SANDBOX_PORT ?? process.env.PORT ?? (Number.isInteger(specPort) && specPort > 0 ? specPort : 4010),
);
const hostname = process.env.SANDBOX_HOST ?? '127.0.0.1';
const allowedOrigins = [process.env.SITE_URL, ...(process.env.SANDBOX_ALLOWED_ORIGINS ?? '').split(',')].filter(
  (o): o is string => Boolean(o?.trim()),
);

// This service's public address (SANDBOX_URL, as the portal is built with it): the only host /mcp answers for,
// besides this machine's names when it listens on a loopback address.
const publicUrl = (() => {
  try {
    return hostedSandboxUrl();
  } catch (error) {
    console.error(error instanceof SandboxUrlError ? error.message : error);
    return process.exit(1);
  }
})();
const trustedProxies = (() => {
  try {
    return parseTrustedProxies(process.env.SANDBOX_TRUSTED_PROXIES);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return process.exit(1);
  }
})();
const maxKeysText = process.env.SANDBOX_MAX_KEYS?.trim();
if (maxKeysText && !/^[1-9]\d*$/.test(maxKeysText)) {
  console.error(`SANDBOX_MAX_KEYS is "${maxKeysText}"; it takes a whole number of keys, at least 1.`);
  process.exit(1);
}
const issuance = maxKeysText ? { ...defaultIssuanceLimits, maxLiveKeys: Number(maxKeysText) } : defaultIssuanceLimits;

const storeUrl = process.env.SANDBOX_STORE?.trim();
if (storeUrl && !/^rediss?:\/\//.test(storeUrl)) {
  console.error(`SANDBOX_STORE is "${storeUrl}"; it takes a Redis or Valkey URL, redis://host:port[/db].`);
  process.exit(1);
}
/** The store, on the kind of data this sandbox keeps: in Redis or Valkey with SANDBOX_STORE, else in memory. */
function openStore<D>(dataSets: DataSetKind<D>): SandboxStore<D> {
  if (!storeUrl) return createMemoryStore(dataSets);
  return createRedisStore(storeUrl, {
    dataSets,
    onConnection: (up, detail) =>
      console.log(
        up ? 'The store is reachable.' : `The store cannot be reached (${detail}): answering 503 until it is back.`,
      ),
  });
}
const kept = storeUrl ? `data in ${new URL(storeUrl).host}` : 'in-memory data; resets on restart';
const onError = (error: unknown) => console.error(error);

// The Pet Store has hand-written rules; any other description gets a sandbox made from the description itself.
// Where the links of answers (Location, Link) point: the public address, else this machine's once listening; never
// the Host header a client sends. Bound to every interface without SANDBOX_URL, the request's own (said at start).
let listeningOrigin: string | undefined;
const publicOrigin = () => publicUrl ?? listeningOrigin;
const handwritten = hasHandwrittenRules(model);
const sandbox = (() => {
  try {
    return handwritten ? petStoreSandbox(model) : describedSandbox(model);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return process.exit(1);
  }
})();
let { app } = sandbox;
const { store, statusOf, startLines, sandboxName } = sandbox;

/** The Pet Store's hand-written rules on `model`; on `kept`, the store of the version it follows (--watch). */
function petStoreSandbox(model: ApiModel, kept?: SandboxStore<unknown>) {
  const { app, store, demoKeys } = createSandbox({
    model,
    store: (kept as SandboxStore | undefined) ?? openStore(petStoreDataSets()),
    allowedOrigins,
    onError,
    trustedProxies,
    issuance,
    publicOrigin,
    // An operation being written has no rule yet: it answers its example rather than stopping the sandbox.
    unhandled: watching ? 'example' : 'refuse',
  });
  const catalog = new Map(model.errorCodes.map((entry) => [entry.code, entry.status]));
  return {
    app,
    store: store as SandboxStore<unknown>,
    statusOf: (code: SandboxErrorCode) => catalog.get(code) ?? 400,
    sandboxName: 'Pet Store sandbox',
    startLines: [`Demo keys: ${demoKeys.map((k) => `${k.plan} ${k.key}`).join(', ')}`],
  };
}

/**
 * A sandbox made from `model`; on `kept`, the store of the version it follows (--watch): its keys and records stay,
 * and a collection the save added starts empty.
 */
function describedSandbox(model: ApiModel, kept?: SandboxStore<unknown>) {
  const { app, store, served } = createDescribedSandbox({
    model,
    openStore: kept ? () => kept as SandboxStore<CallerCollections> : openStore,
    allowedOrigins,
    onError,
    trustedProxies,
    issuance,
    publicOrigin,
  });
  const unrouted =
    served.unrouted.length === 0
      ? []
      : [
          `${served.unrouted.length} operation${served.unrouted.length === 1 ? '' : 's'} cannot be routed (a parameter inside a path segment): ${served.unrouted.slice(0, 3).join(', ')}${served.unrouted.length > 3 ? ', …' : ''}`,
        ];
  return {
    app,
    store: store as SandboxStore<unknown>,
    statusOf: (code: SandboxErrorCode) => describedStatus[code],
    sandboxName: `Sandbox of ${JSON.stringify(model.info.title.slice(0, 80))}`,
    startLines: [
      `Made from the description: ${served.operations} operations, ${served.collections} collections kept per key. Personal keys: POST ${keysPath}.`,
      ...unrouted,
    ],
  };
}
// The docs' MCP server beside the API, at /mcp (src/mcp/http.ts), once the port is known: its call_sandbox calls
// this sandbox's app in-process, as the MCP client. The sandbox app knows nothing of it.
let mcp: Hono<{ Bindings: HttpBindings }> | undefined;
// The pass-through to the description's own servers, at /proxy, when portal.json turns it on; the app knows nothing
// of it either. It counts against the same store and keyless quota as the sandbox.
const portal = (() => {
  try {
    return loadPortalConfig(specPath);
  } catch (error) {
    console.error(error instanceof SiteConfigError ? error.message : error);
    return process.exit(1);
  }
})();
const keylessQuota = anonymousQuota(model) ?? describedKeylessQuota;
const passThrough: PassThrough | undefined =
  portal.tryIt?.passThrough && keylessQuota
    ? createPassThrough({
        bases: passThroughBases(model),
        store,
        quota: keylessQuota,
        ban: model.rateLimits?.temporaryBan,
        allowedOrigins,
        trustedProxies,
      })
    : undefined;
const service = {
  fetch: (request: Request, env?: HttpBindings) => {
    const { pathname } = new URL(request.url);
    if (mcp && pathname === mcpPath && env) return mcp.fetch(request, env);
    if (passThrough && isPassThroughPath(pathname)) return passThrough(request, env);
    return app.fetch(request, env);
  },
};
/** The docs' MCP server on `model`, calling `sandboxApp`; made once listening, and again for each version followed. */
function startMcp(self: string, model: ApiModel, sandboxApp: typeof app, quiet = false): void {
  mcpOptions(model, specPath, self).then(
    (options) => {
      mcp = mcpHttpApp({
        options,
        sandbox: sandboxApp,
        store,
        clock: systemClock,
        addresses: { publicUrl, listensOn: hostname, allowedOrigins },
      });
      if (quiet) return;
      const local = ['127.0.0.1', 'localhost', '::1'].includes(hostname);
      if (!local && !publicUrl) {
        console.log(
          `The docs' MCP server refuses every request until SANDBOX_URL names this service's public address (it checks the Host header).`,
        );
      }
      console.log(`The docs' MCP server: ${publicUrl ?? self}${mcpPath} (streamable HTTP)`);
    },
    (error: unknown) => console.error(`No MCP server at ${mcpPath}: ${error instanceof Error ? error.message : error}`),
  );
}

let self = '';
const server = listen(service, { port, hostname }, statusOf, (listening) => {
  const everyInterface = hostname === '0.0.0.0' || hostname === '::';
  if (['127.0.0.1', 'localhost', '::1'].includes(hostname))
    listeningOrigin = `http://${hostname === '::1' ? '[::1]' : 'localhost'}:${listening}`;
  else if (!everyInterface) listeningOrigin = `http://${isIPv6(hostname) ? `[${hostname}]` : hostname}:${listening}`;
  console.log(`${sandboxName} on http://${hostname === '127.0.0.1' ? 'localhost' : hostname}:${listening} (${kept})`);
  if (everyInterface && !publicUrl) {
    console.warn(
      `Listening on every interface without SANDBOX_URL: the links in answers (Location, Link) name the host each request gives. Set SANDBOX_URL to this sandbox's public address.`,
    );
  }
  for (const line of startLines) console.log(line);
  if (trustedProxies.listed.length > 0) {
    console.log(`Client addresses from X-Forwarded-For of ${trustedProxies.listed.join(', ')} only`);
  }
  if (passThrough) {
    const bases = passThroughBases(model);
    console.log(`Pass-through at ${passThroughPath}/<url> to ${bases.length > 0 ? bases.join(', ') : 'no server'}`);
  }
  self = `http://${everyInterface ? '127.0.0.1' : isIPv6(hostname) ? `[${hostname}]` : hostname}:${listening}`;
  startMcp(self, model, app);
  if (watching) console.log(`Following ${specPath}: each saved version that loads is served.`);
});

// --watch: each saved version that loads and agrees with the rules replaces the served one at once (requests in
// flight finish on the old one); the store is the same, so keys and data stay.
let followed = 0;
const descriptionWatch = watching
  ? watchDescription([specPath, ...(model.files ?? [])], () => void follow(++followed))
  : undefined;
async function follow(save: number): Promise<void> {
  const loaded = await loadApiModel(specPath).then(
    (next) => ({ next }),
    (error: unknown) => ({ error }),
  );
  if (save !== followed) return;
  if ('error' in loaded) {
    console.error(loaded.error instanceof SpecError ? loaded.error.message : loaded.error);
    console.error('The sandbox serves the last version that loaded until a save fixes it.');
    return;
  }
  const { next } = loaded;
  descriptionWatch?.add(next.files ?? []);
  try {
    ({ app } = handwritten ? petStoreSandbox(next, store) : describedSandbox(next, store));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error('The sandbox serves the last version that agreed with its rules until a save fixes it.');
    return;
  }
  model = next;
  if (self) startMcp(self, model, app, true);
  console.log(`Serving the saved ${path.basename(specPath)}: ${operationCount(model)}.`);
}

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Port ${port} is in use; set SANDBOX_PORT to another port.`
      : `The sandbox stopped: ${error.message}`,
  );
  process.exit(1);
});

/**
 * Stops taking connections, lets the requests in flight finish (idle keep-alive connections are closed at once,
 * busy ones after their answer), then lets go of the store. Whatever is still open after 10 s is cut.
 */
function stop(signal: string): void {
  descriptionWatch?.close();
  console.log(`${signal}: stopping the sandbox once the requests in flight are answered.`);
  server.close(() => void store.close().finally(() => process.exit(0)));
  if ('closeIdleConnections' in server) {
    server.closeIdleConnections();
    // A keep-alive connection that was busy becomes idle after its answer: close it then, not at the timeout.
    const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
    idleSweep.unref();
  }
  setTimeout(() => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    process.exit(0);
  }, 10_000).unref();
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
