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
import { Hono } from 'hono';
import { readCommandLine } from '../command-line.ts';
import { mcpHttpApp, mcpPath } from '../mcp/http.ts';
import { mcpOptions, siteMcpOptions } from '../mcp/options.ts';
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
import { loadApiOfSite, publishedAs } from '../reference/api-of-site.ts';
import { hostedSandboxUrl, SandboxUrlError } from '../site/console-sandbox.ts';
import { listsApis, type PortalApi, portalApis } from '../site/portal-apis.ts';
import { loadPortalConfig, portalConfigFile } from '../site/portal-config.ts';
import { SiteConfigError } from '../site/site-config.ts';
import type { SandboxErrorCode } from './api-error.ts';
import { watchApiList } from './api-list-watch.ts';
import { createSandbox } from './app.ts';
import type { SandboxEnv } from './callers.ts';
import { parseTrustedProxies } from './client-address.ts';
import { createDescribedSandbox, describedKeylessQuota, keysPath } from './described/app.ts';
import type { CallerCollections } from './described/collection-data.ts';
import { describedStatus } from './described/problems.ts';
import { type DescriptionWatch, watchDescription } from './description-watch.ts';
import { defaultIssuanceLimits } from './handlers/sandbox-keys.ts';
import { healthCheck, healthPath } from './health.ts';
import { listen } from './http-server.ts';
import { below, mountPath, noApiAt, type ServiceFetch, serveApis } from './mount.ts';
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
// portal.json first: in a site of several APIs (its `apis`) it names their descriptions, and PETSTORE_SPEC may name
// portal.json itself. It also turns on the pass-through at /proxy.
const portal = (() => {
  try {
    return loadPortalConfig(specPath);
  } catch (error) {
    console.error(error instanceof SiteConfigError ? error.message : error);
    return process.exit(1);
  }
})();
const several = listsApis(portal);
const apis = (() => {
  try {
    return portalApis(specPath, portal);
  } catch (error) {
    console.error(error instanceof SiteConfigError ? error.message : error);
    return process.exit(1);
  }
})();
// Each API's model, one after another, each known as its API's (site/listed-api.ts): the MCP server's links and
// sandbox address are the site's for it.
const models: ApiModel[] = [];
for (const api of apis) {
  models.push(
    await loadApiOfSite(api).catch((error: unknown) => {
      console.error(error instanceof SpecError ? error.message : error);
      return process.exit(1);
    }),
  );
}

// A one-API site's sandbox listens where the description's sandbox server says; a site of several's, which serves
// each API below /<id>, where the console of each calls it (site/console-sandbox.ts): 4010 unless told.
const describedServer = several ? undefined : sandboxServer(models[0] as ApiModel);
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
/**
 * The store, on the kind of data this sandbox keeps: in Redis or Valkey with SANDBOX_STORE, else in memory. Each API
 * of a site of several has its own (in Redis, under a prefix of its own): a key one issues is unknown to another,
 * and no record or count is shared.
 */
function openStore<D>(dataSets: DataSetKind<D>, id: string | undefined): SandboxStore<D> {
  if (!storeUrl) return createMemoryStore(dataSets);
  return createRedisStore(storeUrl, {
    dataSets,
    ...(id === undefined ? {} : { prefix: `petstore:sandbox:api:${id}:` }),
    onConnection: (up, detail) =>
      console.log(
        `${id === undefined ? '' : `/${id}: `}${up ? 'The store is reachable.' : `The store cannot be reached (${detail}): answering 503 until it is back.`}`,
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

/** One API the service serves: at the root for a one-API site, below `/<id>` in a site of several (`mount.ts`). */
interface Served {
  api: PortalApi;
  /** `''`, or `/<id>`. */
  mountedAt: string;
  model: ApiModel;
  handwritten: boolean;
  app: Hono<SandboxEnv>;
  store: SandboxStore<unknown>;
  statusOf: (code: SandboxErrorCode) => number;
  sandboxName: string;
  startLines: string[];
  passThrough: PassThrough | undefined;
  /** Saves of its description seen so far (--watch): only the last one's load is served. */
  saves: number;
  watch?: DescriptionWatch | undefined;
}

const served: Served[] = apis.map((api, i) => {
  const model = models[i] as ApiModel;
  const handwritten = hasHandwrittenRules(model);
  const mountedAt = mountPath(api.id);
  const sandbox = (() => {
    try {
      return handwritten ? petStoreSandbox(model, api) : describedSandbox(model, api);
    } catch (error) {
      console.error(`${api.id === undefined ? '' : `${api.id}: `}${error instanceof Error ? error.message : error}`);
      return process.exit(1);
    }
  })();
  // The pass-through to the description's own servers, at /proxy (/<id>/proxy), when portal.json turns it on; the
  // app knows nothing of it. It counts against the same store and keyless quota as the API's sandbox.
  const keylessQuota = anonymousQuota(model) ?? describedKeylessQuota;
  const passThrough: PassThrough | undefined =
    portal.tryIt?.passThrough && keylessQuota
      ? createPassThrough({
          bases: passThroughBases(model),
          store: sandbox.store,
          quota: keylessQuota,
          ban: model.rateLimits?.temporaryBan,
          allowedOrigins,
          trustedProxies,
          ...(mountedAt ? { mountedAt } : {}),
        })
      : undefined;
  return { api, mountedAt, model, handwritten, ...sandbox, passThrough, saves: 0 };
});
const first = served[0] as Served;

/** The Pet Store's hand-written rules on `model`; on `kept`, the store of the version it follows (--watch). */
function petStoreSandbox(model: ApiModel, api: PortalApi, kept?: SandboxStore<unknown>) {
  const { app, store, demoKeys } = createSandbox({
    model,
    store: (kept as SandboxStore | undefined) ?? openStore(petStoreDataSets(), api.id),
    allowedOrigins,
    onError,
    trustedProxies,
    issuance,
    publicOrigin,
    // An operation being written has no rule yet: it answers its example rather than stopping the sandbox.
    unhandled: watching ? 'example' : 'refuse',
    ...(api.id === undefined ? {} : { mountedAt: mountPath(api.id) }),
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
function describedSandbox(model: ApiModel, api: PortalApi, kept?: SandboxStore<unknown>) {
  const { app, store, served } = createDescribedSandbox({
    model,
    openStore: kept
      ? () => kept as SandboxStore<CallerCollections>
      : (dataSets: DataSetKind<CallerCollections>) => openStore(dataSets, api.id),
    allowedOrigins,
    onError,
    trustedProxies,
    issuance,
    publicOrigin,
    ...(api.id === undefined ? {} : { mountedAt: mountPath(api.id) }),
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
// this sandbox's app in-process, as the MCP client. The sandbox app knows nothing of it. In a site of several APIs it
// is still one, at the root, with every API's docs (call_sandbox reaches each below its /<id>).
let mcp: Hono<{ Bindings: HttpBindings }> | undefined;

/** What one API answers: its pass-through below its `/proxy`, else its sandbox app. */
function serveApi(api: Served, request: Request, env?: HttpBindings): Response | Promise<Response> {
  if (api.passThrough) {
    const pathname = below(new URL(request.url).pathname, api.mountedAt);
    if (pathname !== undefined && isPassThroughPath(pathname)) return api.passThrough(request, env);
  }
  return api.app.fetch(request, env);
}
// A site of several APIs: each below its /<id>; at the root, the health check of every API's store, and a 404
// naming the APIs for any other path.
const root = new Hono();
if (several) {
  root.get(healthPath, healthCheck({ ping: () => Promise.all(served.map((api) => api.store.ping())).then(() => {}) }));
  const ids = apis.map((api) => api.id as string);
  root.notFound((c) => noApiAt(new URL(c.req.url).pathname, ids));
}
const servedApis: ServiceFetch = several
  ? serveApis(
      served.map((api) => ({ id: api.api.id as string, fetch: (request, env) => serveApi(api, request, env) })),
      (request, env) => root.fetch(request, env),
    )
  : (request, env) => serveApi(first, request, env);
const service = {
  fetch: (request: Request, env?: HttpBindings) => {
    const { pathname } = new URL(request.url);
    if (mcp && pathname === mcpPath && env) return mcp.fetch(request, env);
    return servedApis(request, env);
  },
};
/** The docs' MCP server, calling the sandbox; made once listening, and again for each version followed. */
function startMcp(self: string, quiet = false): void {
  // In a site of several APIs, every API's docs, each call_sandbox sent below its API's /<id> (sandboxBaseFor).
  const options = several ? siteMcpOptions(specPath, self) : mcpOptions(first.model, specPath, self);
  options.then(
    (options) => {
      mcp = mcpHttpApp({
        options,
        sandbox: several ? service : first.app,
        store: first.store,
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
const server = listen(service, { port, hostname }, first.statusOf, (listening) => {
  const everyInterface = hostname === '0.0.0.0' || hostname === '::';
  if (['127.0.0.1', 'localhost', '::1'].includes(hostname))
    listeningOrigin = `http://${hostname === '::1' ? '[::1]' : 'localhost'}:${listening}`;
  else if (!everyInterface) listeningOrigin = `http://${isIPv6(hostname) ? `[${hostname}]` : hostname}:${listening}`;
  const name = several ? `Sandbox of ${served.length} APIs` : first.sandboxName;
  console.log(`${name} on http://${hostname === '127.0.0.1' ? 'localhost' : hostname}:${listening} (${kept})`);
  if (everyInterface && !publicUrl) {
    console.warn(
      `Listening on every interface without SANDBOX_URL: the links in answers (Location, Link) name the host each request gives. Set SANDBOX_URL to this sandbox's public address.`,
    );
  }
  for (const api of served) {
    if (several) console.log(`${api.mountedAt}/: ${api.sandboxName}`);
    for (const line of api.startLines) console.log(several ? `  ${line}` : line);
  }
  if (trustedProxies.listed.length > 0) {
    console.log(`Client addresses from X-Forwarded-For of ${trustedProxies.listed.join(', ')} only`);
  }
  for (const api of served) {
    if (!api.passThrough) continue;
    const bases = passThroughBases(api.model);
    console.log(
      `Pass-through at ${api.mountedAt}${passThroughPath}/<url> to ${bases.length > 0 ? bases.join(', ') : 'no server'}`,
    );
  }
  self = `http://${everyInterface ? '127.0.0.1' : isIPv6(hostname) ? `[${hostname}]` : hostname}:${listening}`;
  startMcp(self);
  if (watching) {
    const followedPaths = apis.map((api) => api.specPath).join(', ');
    console.log(`Following ${followedPaths}: each saved version that loads is served.`);
  }
});

// --watch: each saved version that loads and agrees with the rules replaces the served one at once (requests in
// flight finish on the old one); the store is the same, so keys and data stay. Each API's description is followed
// on its own; portal.json's list of APIs is read once, at start, and a change to it is said (api-list-watch.ts).
if (watching) {
  for (const api of served) {
    api.watch = watchDescription([api.api.specPath, ...(api.model.files ?? [])], () => void follow(api, ++api.saves));
  }
}
const configFile = portalConfigFile(portal);
const apiListWatch =
  watching && several && configFile
    ? watchApiList(
        configFile,
        apis,
        () => {
          const now = loadPortalConfig(specPath);
          return listsApis(now) ? portalApis(specPath, now) : [];
        },
        (line) => console.log(line),
      )
    : undefined;
async function follow(api: Served, save: number): Promise<void> {
  const loaded = await loadApiModel(api.api.specPath).then(
    (next) => ({ next: publishedAs(api.api, next) }),
    (error: unknown) => ({ error }),
  );
  if (save !== api.saves) return;
  const at = several ? ` at ${api.mountedAt}` : '';
  if ('error' in loaded) {
    console.error(loaded.error instanceof SpecError ? loaded.error.message : loaded.error);
    console.error(`The sandbox serves${at} the last version that loaded until a save fixes it.`);
    return;
  }
  const { next } = loaded;
  api.watch?.add(next.files ?? []);
  try {
    ({ app: api.app } = api.handwritten
      ? petStoreSandbox(next, api.api, api.store)
      : describedSandbox(next, api.api, api.store));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`The sandbox serves${at} the last version that agreed with its rules until a save fixes it.`);
    return;
  }
  api.model = next;
  if (api === first && self) startMcp(self, true);
  console.log(`Serving the saved ${path.basename(api.api.specPath)}${at}: ${operationCount(next)}.`);
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
  for (const api of served) api.watch?.close();
  apiListWatch?.close();
  console.log(`${signal}: stopping the sandbox once the requests in flight are answered.`);
  server.close(() => void Promise.all(served.map((api) => api.store.close())).finally(() => process.exit(0)));
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
