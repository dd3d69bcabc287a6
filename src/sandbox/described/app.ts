/**
 * A sandbox made from any description, for an API the sandbox has no hand-written rules for: every operation the
 * description serves answers, behind the same gates as the Pet Store's (who calls, CORS, rate limits, routing),
 * checked against the description (parameters, body, credentials), stateful where the paths say so
 * (`resources.ts`), and otherwise answering the description's examples. It issues personal keys at
 * `POST /sandbox/keys` (the description does not list it), each with its own copy of the data.
 */

import { isDeepStrictEqual } from 'node:util';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import {
  type ApiModel,
  type ApiOperation,
  describedSandboxPlan,
  exampleFromSchema,
  exampleRequest,
  httpDate,
  isJsonMediaType,
  issuedKeysPath,
  lowestPlanQuota,
  type SchemaOrRef,
  servedOperations,
  startOfDay,
} from '../../openapi/index.ts';
import { type Clock, systemClock } from '../../rate-limits/clock.ts';
import type { Quota } from '../../rate-limits/rate-limiter.ts';
import { answerUrl, type PublicOrigin } from '../answer-url.ts';
import { ApiError, dataSetFull, storeUnavailable } from '../api-error.ts';
import { clientAddress, lookingUp, resolveClient, type SandboxEnv } from '../callers.ts';
import { noTrustedProxies, type TrustedProxies } from '../client-address.ts';
import { corsGate } from '../cors.ts';
import {
  defaultIssuanceLimits,
  type IssuanceLimits,
  issuePersonalKey,
  personalKeyPrefix,
} from '../handlers/sandbox-keys.ts';
import { healthCheck, healthPath } from '../health.ts';
import { mountedRouting } from '../mount.ts';
import { admitCalls, reportStanding } from '../rate-limit-gate.ts';
import { checkBody, checkParameters, type IncomingRequest, readBytes } from '../request-checks.ts';
import { listMethods, refuseOtherMethods, routeOperations, specPaths } from '../routes.ts';
import { SpecSchemas } from '../spec-schemas.ts';
import { createMemoryStore } from '../store/memory-store.ts';
import {
  type DataSetCaps,
  DataSetFullError,
  personalScope,
  type SandboxStore,
  StoreUnavailableError,
  sharedDataLifetimeMs,
  sharedScope,
} from '../store/sandbox-store.ts';
import { type CallerCollections, collectionDataSets } from './collection-data.ts';
import { runStep } from './collection-steps.ts';
import { authenticateChallenge, expectedCredentials, meetsSecurity, presentedCredentials } from './credentials.ts';
import { collectionSeeds, fillPath, type SuccessAnswer, successAnswer } from './examples.ts';
import { problemAnswer } from './problems.ts';
import { readResources } from './resources.ts';
import { validAnswer } from './valid-answers.ts';

/**
 * Limits where the description gives none (`x-rate-limits`): a personal key's, and those of a caller without one
 * (per client address). Generous for a person trying calls, low enough that one client cannot hog the sandbox.
 */
export const describedDefaultQuota: Quota = { perMinute: 120, perDay: 10_000 };
export const describedKeylessQuota: Quota = { perMinute: 60, perDay: 2_000 };
/** The largest body the sandbox reads where the description sets no limit (`x-request-policy.maxBodyBytes`). */
export const describedMaxBodyBytes = 1_048_576;
/** The plan every personal key of such a sandbox is on, and where it issues them (the console knows both). */
export const describedPlan = describedSandboxPlan;
export const keysPath = issuedKeysPath;
/** Where a personal key goes for an API that declares no credential of its own. */
export const sandboxKeyHeader = 'X-Sandbox-Key';

export interface DescribedSandboxOptions {
  model: ApiModel;
  clock?: Clock;
  /** Opens the store on the kind of data this sandbox keeps; in this process's memory unless given. */
  openStore?: (kind: ReturnType<typeof collectionDataSets>) => SandboxStore<CallerCollections>;
  allowedOrigins?: readonly string[];
  onError?: (error: unknown) => void;
  /** Proxies whose X-Forwarded-For names the client (none unless given). */
  trustedProxies?: TrustedProxies;
  /** The sandbox's public origin, for the links its answers give (Location, Link); else the request's. */
  publicOrigin?: PublicOrigin;
  /** How many personal keys are issued (per address, in all, alive at once). */
  issuance?: IssuanceLimits;
  /** The caps of each caller's data (records of a collection instance, bytes of all it changed). */
  dataSetCaps?: DataSetCaps;
  /** Where the service serves it, in a site of several APIs: `/<id>` (`../mount.ts`); at the root unless given. */
  mountedAt?: string;
}

export interface DescribedSandbox {
  app: Hono<SandboxEnv>;
  store: SandboxStore<CallerCollections>;
  /** Operations and collections served, for the start-up line. */
  served: { operations: number; collections: number; unrouted: string[] };
}

export function createDescribedSandbox(options: DescribedSandboxOptions): DescribedSandbox {
  const { model } = options;
  const clock = options.clock ?? systemClock;
  const resolver = model.schemaResolver;
  const schemas = new SpecSchemas(resolver, { checkFormats: false });
  const operations = servedOperations(model);
  const resources = readResources(operations, resolver);
  const valid = (schema: SchemaOrRef, value: unknown) => schemas.check(schema, value).length === 0;
  const kind = collectionDataSets(collectionSeeds(operations, resources, resolver, valid), options.dataSetCaps);
  const issuance = options.issuance ?? defaultIssuanceLimits;
  const store = options.openStore?.(kind) ?? createMemoryStore(kind);
  const keyQuota = lowestPlanQuota(model) ?? describedDefaultQuota;
  const keylessQuota = lowestPlanQuota(model) ?? describedKeylessQuota;
  const policy = {
    maxBodyBytes: model.requestPolicy?.maxBodyBytes ?? describedMaxBodyBytes,
    unknownFields: model.requestPolicy?.unknownFields ?? ('ignore' as const),
  };

  const { routable, unrouted } = splitRoutable(operations);
  const paths = specPaths(routable);
  const methods = [...new Set([...paths.flatMap((path) => path.methods), 'POST']), 'OPTIONS'];
  const operationOf = new WeakMap<Request, ApiOperation>();
  /** Each operation's example JSON body, as its page shows it. */
  const examples = new Map<ApiOperation, unknown>();
  for (const operation of routable) {
    const body = exampleRequest(resolver, operation).body;
    if (body && isJsonMediaType(body.mediaType)) examples.set(operation, body.value);
  }
  const answerProblem = (c: Context<SandboxEnv>, error: ApiError) => {
    const problem = problemAnswer(error, operationOf.get(c.req.raw), resolver, schemas);
    return c.body(JSON.stringify(problem.body), problem.status as ContentfulStatusCode, {
      ...error.headers,
      'Content-Type': problem.mediaType,
    });
  };

  const app = new Hono<SandboxEnv>(mountedRouting(options.mountedAt));
  app.get(healthPath, healthCheck(store));
  app.use(resolveClient(options.trustedProxies ?? noTrustedProxies));
  app.use(identifyCaller(model, store, clock, keyQuota, keylessQuota));
  app.use(reportStanding(store, clock));
  app.use(corsGate(model, methods, options.allowedOrigins ?? [], [sandboxKeyHeader]));
  listMethods(app, [...paths, { route: keysPath, operations: [], methods: ['POST'] }]);
  app.use(admitCalls(store, clock, model.rateLimits?.temporaryBan));
  app.post(keysPath, async (c) =>
    c.json(await issuePersonalKey(store, clock, describedPlan, { address: clientAddress(c), limits: issuance }), 201),
  );
  routeOperations(app, paths, (operation) => {
    const handle = operationHandler(operation);
    return async (c, next) => {
      operationOf.set(c.req.raw, operation);
      return handle(c, next);
    };
  });
  refuseOtherMethods(app, paths);
  app.notFound((c) =>
    answerProblem(c, new ApiError('route_not_found', `No operation is at ${new URL(c.req.url).pathname}.`)),
  );
  app.onError((error, c) => {
    if (error instanceof ApiError) return answerProblem(c, error);
    if (error instanceof StoreUnavailableError) return answerProblem(c, storeUnavailable());
    if (error instanceof DataSetFullError) return answerProblem(c, dataSetFull(error));
    options.onError?.(error);
    return answerProblem(c, new ApiError('internal_error', 'The sandbox failed unexpectedly.'));
  });
  return {
    app,
    store,
    served: { operations: routable.length, collections: resources.collections.length, unrouted },
  };

  function operationHandler(operation: ApiOperation): Handler<SandboxEnv> {
    const role = resources.roleOf(operation);
    const success = successAnswer(operation, resolver, valid);
    const template = templateFor(operation);
    return async (c) => {
      const url = answerUrl(c.req.url, options.publicOrigin);
      const incoming: IncomingRequest = {
        query: url.searchParams,
        header: (name) => c.req.header(name),
        pathParams: c.req.param(),
        body: () => c.req.raw.body,
      };
      if (!meetsSecurity(operation.security, incoming)) {
        const challenge = authenticateChallenge(operation.security);
        throw new ApiError(
          'missing_credentials',
          `${operation.method.toUpperCase()} ${operation.path} needs ${expectedCredentials(operation.security)}; any value of that form works in the sandbox.`,
          challenge ? { 'WWW-Authenticate': challenge } : {},
        );
      }
      checkParameters(operation, incoming, schemas);
      const body = await checkRequestBody(operation, incoming, c);
      if (role.kind === 'answer') return respond(c, operation, success, success.example);

      const { collection } = role;
      const pathValues = c.req.param() as Record<string, string>;
      const scope = c.var.caller?.scope ?? sharedScope;
      const instance = fillPath(collection.path, pathValues);
      const id = collection.itemParameter ? pathValues[collection.itemParameter] : undefined;
      const step = { ...(id !== undefined ? { id } : {}), body, template };
      const caller = c.var.caller;
      const lifetimeMs = caller?.endsAt === undefined ? sharedDataLifetimeMs : caller.endsAt - clock.now();
      const result =
        role.kind === 'list' || role.kind === 'read'
          ? await store.read(scope, (data) => runStep(role.kind, collection, data.items(instance), step))
          : await store.update(scope, (data) => runStep(role.kind, collection, data.items(instance), step), lifetimeMs);
      const value = role.kind === 'list' ? listAnswer(success, result.value) : result.value;
      const headers: Record<string, string> = {};
      if (result.created && success.status === 201) {
        headers.Location = new URL(
          `${url.pathname.replace(/\/$/, '')}${role.kind === 'create' ? `/${encodeURIComponent(result.created.id)}` : ''}`,
          url,
        ).href;
      }
      return respond(c, operation, success, answerBody(success, value), headers);
    };
  }

  /** A new item's fields before the body's: the read example's (ids, timestamps and other fields the server sets). */
  function templateFor(operation: ApiOperation): unknown {
    const role = resources.roleOf(operation);
    if (role.kind !== 'create' && role.kind !== 'replace') return undefined;
    const read = operations.find((o) => {
      const other = resources.roleOf(o);
      return other.kind === 'read' && other.collection === role.collection;
    });
    return successAnswer(read ?? operation, resolver, valid).example;
  }

  /** The body, checked: JSON against its schema; another media type the operation takes is read and accepted. */
  async function checkRequestBody(
    operation: ApiOperation,
    incoming: IncomingRequest,
    c: Context<SandboxEnv>,
  ): Promise<unknown> {
    const declared = operation.requestBody?.content ?? [];
    const sent = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    const takesJson = declared.some((m) => isJsonMediaType(m.mediaType));
    const other = sent && !isJsonMediaType(sent) && declared.find((m) => mediaMatches(m.mediaType, sent));
    if (other || (!takesJson && declared.length > 0 && sent !== undefined)) {
      if (!other) {
        throw new ApiError(
          'unsupported_media_type',
          `The body must be sent as ${declared.map((m) => m.mediaType).join(' or ')}; the Content-Type was '${sent}'.`,
        );
      }
      await readBytes(incoming.body(), policy.maxBodyBytes);
      return undefined;
    }
    // The description's own example body is taken even where it breaks the description's schema (Docker
    // Engine's do): it is what the page shows and what the console's first Send sends.
    const text = await readBytes(incoming.body(), policy.maxBodyBytes);
    const replay = { ...incoming, body: () => (text === undefined ? null : new Blob([text]).stream()) };
    try {
      return await checkBody(operation, replay, schemas, policy);
    } catch (error) {
      const shown = examples.get(operation);
      if (!(error instanceof ApiError) || error.code !== 'invalid_body' || text === undefined || shown === undefined) {
        throw error;
      }
      const sentValue = parsedOrUndefined(text);
      if (sentValue === undefined || !isDeepStrictEqual(sentValue, shown)) throw error;
      return sentValue;
    }
  }

  /**
   * The headers the success answer documents (Train Travel's `RateLimit`), each with its example: the console shows
   * documented headers and says which did not come. The sandbox's own (X-RateLimit-*, Location) are set over them.
   */
  function documentedHeaders(success: SuccessAnswer): Record<string, string> {
    const found: Record<string, string> = {};
    for (const header of success.response?.headers ?? []) {
      if (/^(content-type|content-length|set-cookie|transfer-encoding|connection)$/i.test(header.name)) continue;
      const value =
        header.examples[0]?.value ?? (header.schema ? exampleFromSchema(resolver, header.schema, 'read') : undefined);
      if (value === undefined || value === null) continue;
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      // A header value is one line of visible text: anything else is left out rather than sent broken.
      if (/^[\x20-\x7e\t]*$/.test(text)) found[header.name] = text;
    }
    return found;
  }

  function respond(
    c: Context<SandboxEnv>,
    operation: ApiOperation,
    success: SuccessAnswer,
    value: unknown,
    headers: Record<string, string> = {},
  ): Response {
    const all = { ...documentedHeaders(success), ...headers, ...deprecationHeaders(operation) };
    const mediaType = success.media?.mediaType;
    if (value === undefined || !mediaType || success.status === 204 || success.status === 304) {
      return c.body(null, success.status as StatusCode, all);
    }
    const schema = success.media?.schema;
    const answered = schema ? validAnswer(value, schema, schemas, resolver) : value;
    const text = isJsonMediaType(mediaType) || typeof answered !== 'string' ? JSON.stringify(answered) : answered;
    return c.body(text, success.status as ContentfulStatusCode, { ...all, 'Content-Type': mediaType });
  }
}

/** A list's answer: the items as they are, or inside the wrapper the description's example shows. */
function listAnswer(success: SuccessAnswer, items: unknown): unknown {
  const example = success.example;
  if (Array.isArray(example) || example === undefined || example === null || typeof example !== 'object') return items;
  const wrapper = example as Record<string, unknown>;
  const field = Object.keys(wrapper).find((key) => Array.isArray(wrapper[key]));
  return field ? { ...wrapper, [field]: items } : items;
}

/** A read, create or change answers the item, unless the success answer is a wrapper of another shape. */
function answerBody(success: SuccessAnswer, value: unknown): unknown {
  if (success.media === undefined) return undefined;
  return value ?? success.example;
}

function deprecationHeaders(operation: ApiOperation): Record<string, string> {
  const deprecation = operation.deprecation;
  if (!deprecation) return {};
  return {
    ...(deprecation.since ? { Deprecation: `@${startOfDay(deprecation.since).getTime() / 1000}` } : {}),
    ...(deprecation.sunset ? { Sunset: httpDate(deprecation.sunset) } : {}),
  };
}

/** `image/*` and `*\/*` cover what they name; so does `application/octet-stream`, which is any bytes. */
function mediaMatches(declared: string, sent: string): boolean {
  const essence = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (essence === sent || essence === '*/*' || essence === 'application/octet-stream') return true;
  return essence.endsWith('/*') && sent.startsWith(essence.slice(0, -1));
}

function parsedOrUndefined(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Hono routes whole-segment parameters; a template with a parameter inside a segment (`/files/{name}.json`) or
 * Hono's own syntax in it (`/v1/{name}:cancel`) cannot be routed as written, and is left out, said at start.
 */
function splitRoutable(operations: readonly ApiOperation[]): { routable: ApiOperation[]; unrouted: string[] } {
  const routable: ApiOperation[] = [];
  const unrouted: string[] = [];
  for (const operation of operations) {
    const whole = operation.path.split('/').every((segment) => /^\{[^{}]+\}$/.test(segment) || !/[{}:*]/.test(segment));
    const method = /^[a-z]+$/.test(operation.method);
    if (whole && method) routable.push(operation);
    else unrouted.push(`${operation.method.toUpperCase()} ${operation.path}`);
  }
  return { routable, unrouted };
}

/** Who calls: a personal key this sandbox issued, sent as any declared credential, else the client address. */
function identifyCaller(
  model: ApiModel,
  store: SandboxStore<CallerCollections>,
  clock: Clock,
  keyQuota: Quota,
  keylessQuota: Quota,
): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const request = { header: (name: string) => c.req.header(name), query: new URL(c.req.url).searchParams };
    // A personal key comes as one of the description's credentials, or (an API without any) in X-Sandbox-Key.
    const presented = [
      ...presentedCredentials(model.securitySchemes, request),
      ...[c.req.header(sandboxKeyHeader)].filter((key): key is string => key !== undefined),
    ];
    const personal = presented.find((value) => value.startsWith(personalKeyPrefix));
    const found = personal ? await lookingUp(c, () => store.findKey(personal)) : undefined;
    const caller =
      personal && found && found.expiresAt > clock.now()
        ? { key: personal, plan: found.plan, ...keyQuota, scope: personalScope(personal), endsAt: found.expiresAt }
        : undefined;
    c.set('apiKey', presented[0]);
    c.set('caller', caller);
    c.set('identity', caller ? `key:${caller.key}` : `address:${clientAddress(c)}`);
    c.set('quota', caller ?? keylessQuota);
    await next();
  };
}
