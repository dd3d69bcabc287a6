/**
 * One operation's Hono handler, past the rate-limit gate: the key and plan the operation needs, the request's
 * checks against the spec, then the operation's handler on the caller's records. Each failure is an ApiError, and
 * nothing has changed yet.
 */

import type { Context, Handler } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { type ApiModel, type ApiOperation, httpDate, planAllows, startOfDay } from '../openapi/index.ts';
import type { Clock } from '../rate-limits/clock.ts';
import { answerUrl, type PublicOrigin } from './answer-url.ts';
import { ApiError } from './api-error.ts';
import { clientAddress, type SandboxEnv } from './callers.ts';
import { successAnswer } from './described/examples.ts';
import type { HandlerRequest, HandlerResponse } from './handlers/handler.ts';
import { handlers } from './handlers/index.ts';
import { type IssuanceLimits, keyHandlers } from './handlers/sandbox-keys.ts';
import { checkBody, checkParameters } from './request-checks.ts';
import type { SpecSchemas } from './spec-schemas.ts';
import { type SandboxStore, sharedDataLifetimeMs, sharedScope } from './store/sandbox-store.ts';

export interface OperationContext {
  model: ApiModel;
  store: SandboxStore;
  clock: Clock;
  schemas: SpecSchemas;
  /** The header the API key comes in. */
  keyHeader: string;
  /** Where the links of answers point (answer-url.ts). */
  publicOrigin?: PublicOrigin | undefined;
  issuance: IssuanceLimits;
  /** Where the service serves the sandbox (`/<id>` in a site of several APIs), which paths it links to start with. */
  mountedAt?: string | undefined;
}

export function operationHandler(context: OperationContext): (operation: ApiOperation) => Handler<SandboxEnv> {
  const { model, store, clock, schemas, keyHeader, issuance } = context;
  const policy = model.requestPolicy ?? {};
  // The plans a personal key can be on, by the name a request gives (`pro`) → the name `x-rate-limits` gives.
  const plans = new Map((model.rateLimits?.plans ?? []).map(({ plan }) => [plan.toLowerCase(), plan]));
  const successorPaths = new Map(model.operations.map((o) => [o.operationId, o.path]));

  return (operation) => async (c) => {
    authorize(c, operation);
    const url = answerUrl(c.req.url, context.publicOrigin);
    const pathParams = c.req.param();
    const incoming = {
      query: url.searchParams,
      header: (name: string) => c.req.header(name),
      pathParams,
      body: () => c.req.raw.body,
    };
    const params = checkParameters(operation, incoming, schemas);
    const body = await checkBody(operation, incoming, schemas, policy);
    const result = await run(c, operation, { params, body, url });
    return answer(c, result.status < 300 ? withDeprecation(operation, pathParams, result) : result);
  };

  /** The key the operation needs, on a plan that may call it. */
  function authorize(c: Context<SandboxEnv>, operation: ApiOperation): void {
    const { apiKey, caller } = c.var;
    if (operation.security.length > 0) {
      if (apiKey === undefined || apiKey === '') {
        throw new ApiError('missing_api_key', `No API key was sent. Send your key in the ${keyHeader} header.`);
      }
      if (!caller) throw new ApiError('invalid_api_key', `The API key in the ${keyHeader} header is not recognised.`);
    }
    if (caller && !planAllows(model, caller.plan, operation)) {
      throw new ApiError(
        'plan_forbidden',
        `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) requires the ${operation.requiredPlan} plan or above; this key is on the ${caller.plan} plan.`,
      );
    }
  }

  /** The operation's handler, on the records of the caller's data set (or on the keys, for issuing one). */
  async function run(
    c: Context<SandboxEnv>,
    operation: ApiOperation,
    request: HandlerRequest,
  ): Promise<HandlerResponse> {
    const keyHandler = keyHandlers[operation.operationId];
    if (keyHandler) {
      // Counted by the client's address whatever key the request carries: a demo key is public.
      return keyHandler(request, { store, clock, plans, issuing: { address: clientAddress(c), limits: issuance } });
    }
    const handler = handlers[operation.operationId];
    // Only a sandbox that follows a description being written gets this far without a rule (`unhandled`).
    if (!handler) return documentedAnswer(operation, model);
    // The shared data set, or a personal key's own, which ends with the key.
    const caller = c.var.caller;
    const scope = caller?.scope ?? sharedScope;
    const lifetimeMs = caller?.endsAt === undefined ? sharedDataLifetimeMs : caller.endsAt - clock.now();
    // A GET only reads; anything else may change the records, atomically (see SandboxStore.update).
    return operation.method === 'get' || operation.method === 'head'
      ? store.read(scope, (records) => handler(request, { records, clock }))
      : store.update(scope, (records) => handler(request, { records, clock }), lifetimeMs);
  }

  /** Deprecation (RFC 9745), Sunset (RFC 8594) and the successor Link on a deprecated operation's success. */
  function withDeprecation(
    operation: ApiOperation,
    pathParams: Record<string, string>,
    result: HandlerResponse,
  ): HandlerResponse {
    const deprecation = operation.deprecation;
    if (!deprecation) return result;
    const headers = { ...result.headers };
    if (deprecation.since) headers.Deprecation = `@${startOfDay(deprecation.since).getTime() / 1000}`;
    if (deprecation.sunset) headers.Sunset = httpDate(deprecation.sunset);
    const successor = deprecation.successor ? successorPaths.get(deprecation.successor) : undefined;
    if (successor) {
      const target = successor.replace(/\{([^}]+)\}/g, (whole, name: string) =>
        encodeURIComponent(pathParams[name] ?? whole),
      );
      const link = `<${context.mountedAt ?? ''}${target}>; rel="successor-version"`;
      headers.Link = headers.Link ? `${headers.Link}, ${link}` : link;
    }
    return { ...result, headers };
  }
}

/** An operation with no hand-written rule yet: its documented success and example (as its page shows it). */
function documentedAnswer(operation: ApiOperation, model: ApiModel): HandlerResponse {
  const { status, example } = successAnswer(operation, model.schemaResolver);
  return example === undefined ? { status } : { status, body: example };
}

/** A handler's answer as a Response: JSON, or no body (204). */
function answer(c: Context<SandboxEnv>, result: HandlerResponse): Response {
  // Handlers answer only with the spec's statuses; Hono's types want them narrowed.
  if (result.body === undefined) return c.body(null, result.status as StatusCode, result.headers);
  return c.json(result.body, result.status as ContentfulStatusCode, result.headers);
}
