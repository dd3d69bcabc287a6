/**
 * The sandbox as a Hono app: every operation of the spec, behind the same gates a real deployment has, in this
 * order — who calls, CORS, rate limits and bans, routing, authentication and plans, request checks — answering
 * errors with the spec's Error object. Only the spec model goes in; nothing of the site.
 */
import { Hono } from 'hono';
import { type ApiDemoKey, type ApiModel, sandboxDemoKeys, servedOperations } from '../openapi/index.ts';
import { type Clock, systemClock } from '../rate-limits/clock.ts';
import type { PublicOrigin } from './answer-url.ts';
import { identifyCaller, resolveClient, type SandboxEnv } from './callers.ts';
import { noTrustedProxies, type TrustedProxies } from './client-address.ts';
import { corsGate } from './cors.ts';
import { errorAnswers } from './error-answers.ts';
import { defaultIssuanceLimits, type IssuanceLimits } from './handlers/sandbox-keys.ts';
import { healthCheck, healthPath } from './health.ts';
import { mountedRouting } from './mount.ts';
import { operationHandler } from './operation-handler.ts';
import { admitCalls, reportStanding } from './rate-limit-gate.ts';
import { listMethods, refuseOtherMethods, routeOperations, specPaths } from './routes.ts';
import { checkAgainstSpec } from './spec-check.ts';
import { SpecSchemas } from './spec-schemas.ts';
import { createMemoryStore } from './store/memory-store.ts';
import type { SandboxStore } from './store/sandbox-store.ts';

export interface SandboxOptions {
  model: ApiModel;
  clock?: Clock;
  /** Where records and rate-limit counts are kept: in this process's memory unless given. */
  store?: SandboxStore;
  /** Origins besides this machine's that may call the sandbox from a browser (the published portal). */
  allowedOrigins?: readonly string[];
  /** Called with unexpected errors (answered as 500 internal_error). */
  onError?: (error: unknown) => void;
  /** Proxies whose X-Forwarded-For names the client (none unless given). */
  trustedProxies?: TrustedProxies;
  /** The sandbox's public origin, for the links its answers give (Location, Link); else the request's. */
  publicOrigin?: PublicOrigin;
  /** How many personal keys are issued (per address, in all, alive at once). */
  issuance?: IssuanceLimits;
  /**
   * What an operation the hand-written rules do not know does: `refuse` to start (the default: the rules and the
   * description disagree), or answer its documented success `example`, for a description being written.
   */
  unhandled?: 'refuse' | 'example';
  /** Where the service serves it, in a site of several APIs: `/<id>` (`mount.ts`); at the root unless given. */
  mountedAt?: string;
}

export interface Sandbox {
  app: Hono<SandboxEnv>;
  store: SandboxStore;
  /** The demo keys it accepts, from the spec. */
  demoKeys: readonly ApiDemoKey[];
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const { model } = options;
  const unhandled = options.unhandled ?? 'refuse';
  const keylessQuota = checkAgainstSpec(model, { unhandledAnswered: unhandled === 'example' });
  const clock = options.clock ?? systemClock;
  const store = options.store ?? createMemoryStore();
  const demoKeys = sandboxDemoKeys(model);
  const keyHeader = model.securitySchemes.find((s) => s.apiKey?.in === 'header')?.apiKey?.name ?? 'X-API-Key';
  const paths = specPaths(servedOperations(model));
  const methods = [...new Set(paths.flatMap((path) => path.methods)), 'OPTIONS'];
  const schemas = new SpecSchemas(model.schemaResolver);
  const errors = errorAnswers(model, options.onError);

  // Hono runs what is added here in this order, until one answers. The health check and OPTIONS come before the
  // admission, so they are not counted; an unknown route or method after it, so they are.
  const app = new Hono<SandboxEnv>(mountedRouting(options.mountedAt));
  app.get(healthPath, healthCheck(store));
  app.use(resolveClient(options.trustedProxies ?? noTrustedProxies));
  app.use(identifyCaller({ keyHeader, demoKeys, keylessQuota, store, clock }));
  app.use(reportStanding(store, clock));
  app.use(corsGate(model, methods, options.allowedOrigins ?? []));
  listMethods(app, paths);
  app.use(admitCalls(store, clock, model.rateLimits?.temporaryBan));
  const issuance = options.issuance ?? defaultIssuanceLimits;
  routeOperations(
    app,
    paths,
    operationHandler({
      model,
      store,
      clock,
      keyHeader,
      schemas,
      issuance,
      publicOrigin: options.publicOrigin,
      mountedAt: options.mountedAt,
    }),
  );
  refuseOtherMethods(app, paths);
  app.notFound(errors.notFound);
  app.onError(errors.onError);
  return { app, store, demoKeys };
}
