/** One operation object (under a path or a webhook) → ApiOperation. */
import type { OpenAPIV3 } from 'openapi-types';
import { readDeprecation } from '../deprecation.ts';
import { primaryBadge, readStability } from '../extensions/stability.ts';
import { readTryIt } from '../extensions/try-it.ts';
import { readCodeSamples } from '../extensions/x-code-samples.ts';
import { readRequiredPlan } from '../extensions/x-required-plan.ts';
import { readSandboxKeyIssuer } from '../extensions/x-sandbox-key-issuer.ts';
import { escapeSegment, isRecord } from '../json-pointer.ts';
import type {
  ApiCallback,
  ApiOperation,
  ApiRateLimits,
  ApiSecurityRequirement,
  ApiServer,
  TryItPolicy,
} from '../model.ts';
import { isHttpMethod } from '../model.ts';
import { readRequestBody, readResponse } from './content.ts';
import { type Reading, wrongKind } from './context.ts';
import { checkPathParameters, mergeParameters } from './parameters.ts';
import type { SecurityReader } from './security.ts';
import { readServers } from './server.ts';

/** The tag given to operations that have none. */
export const untaggedName = 'Other';

/** The tag given to webhooks that have none. */
export const untaggedWebhookName = 'Webhooks';

/** What holds an operation: its path item (with `$ref`s written out) and where things are in the document. */
export interface OperationPlace {
  /** The path template, or a webhook's name. */
  path: string;
  /** Set for a webhook: the API sends this request; `path` is then the webhook's name. */
  webhook: boolean;
  /** Set for a callback: the API sends this request after another operation; `path` is its URL's expression. */
  callback?: ApiCallback;
  /** A callback's tags when it has none of its own: those of the operation it follows. */
  callbackTags?: string[];
  method: string;
  operationId: string;
  pointer: string;
  item: OpenAPIV3.PathItemObject;
  /** Where a field of the path item is (the item may be a `$ref` to components.pathItems). */
  pointerOf(field: string): string;
}

/** What every operation falls back on: the document's security and servers, and the plans. */
export interface OperationDefaults {
  security: ApiSecurityRequirement[];
  servers: ApiServer[];
  rateLimits: ApiRateLimits | undefined;
  readSecurity: SecurityReader;
}

export function readOperation(
  reading: Reading,
  place: OperationPlace,
  operation: OpenAPIV3.OperationObject,
  defaults: OperationDefaults,
): ApiOperation {
  const { take, deref, problems } = reading;
  const { path, method, pointer, item } = place;
  const raw = operation as unknown as Record<string, unknown>;

  const parameters = mergeParameters(reading, [
    { list: item.parameters, pointer: place.pointerOf('parameters') },
    { list: operation.parameters, pointer: `${pointer}/parameters` },
  ]);
  if (!place.webhook && !place.callback) problems.push(...checkPathParameters(path, parameters, pointer));

  const stabilityLevel = take(readStability(raw, pointer));
  const deprecation = take(readDeprecation(raw, pointer));
  // A stability of `deprecated` is the deprecation (read above), not a level of its own.
  const stability = stabilityLevel === 'deprecated' ? 'stable' : stabilityLevel;
  const badge = primaryBadge(deprecation !== undefined, deprecation?.sunset, stability);
  const tags = operation.tags && operation.tags.length > 0 ? [...new Set(operation.tags)] : [];

  const model: ApiOperation = {
    operationId: place.operationId,
    slug: '',
    method,
    path,
    pointer,
    tags: tags.length > 0 ? tags : (place.callbackTags ?? [place.webhook ? untaggedWebhookName : untaggedName]),
    stability,
    tryIt: consolePolicy(place, take(readTryIt(raw, pointer))),
    security: operation.security ? defaults.readSecurity(operation.security, `${pointer}/security`) : defaults.security,
    parameters,
    responses: Object.entries(operation.responses ?? {}).flatMap(([status, written]) => {
      const response = deref<OpenAPIV3.ResponseObject>(written);
      if (typeof response.description !== 'string') {
        problems.push(wrongKind(`${pointer}/responses/${escapeSegment(status)}`, 'a response', '`description`'));
        return [];
      }
      return [readResponse(status, response, deref)];
    }),
    codeSamples: take(readCodeSamples(raw, pointer)),
    servers: operation.servers
      ? readServers(operation.servers)
      : item.servers
        ? readServers(item.servers)
        : defaults.servers,
  };
  if (place.webhook) model.webhook = true;
  if (place.callback) model.callback = place.callback;
  if (typeof operation.operationId === 'string' && operation.operationId)
    model.givenOperationId = operation.operationId;
  if (operation.summary) model.summary = operation.summary;
  if (operation.description) model.description = operation.description;
  if (operation.externalDocs && typeof operation.externalDocs.url === 'string') {
    model.externalDocs = { ...operation.externalDocs };
  }
  if (deprecation) model.deprecation = deprecation;
  if (badge) model.badge = badge;
  const requiredPlan = take(
    readRequiredPlan(raw['x-required-plan'], `${pointer}/x-required-plan`, defaults.rateLimits),
  );
  if (requiredPlan) model.requiredPlan = requiredPlan;
  if (take(readSandboxKeyIssuer(raw['x-sandbox-key-issuer'], `${pointer}/x-sandbox-key-issuer`, place.method))) {
    model.issuesSandboxKeys = true;
  }
  if (operation.requestBody) {
    const body = deref<OpenAPIV3.RequestBodyObject>(operation.requestBody);
    if (isRecord(body.content)) model.requestBody = readRequestBody(body, deref);
    else problems.push(wrongKind(`${pointer}/requestBody`, 'a request body', '`content`'));
  }
  return model;
}

/**
 * The console calls the API; a webhook or a callback is the API calling the reader, so it has nothing to try. The console
 * (Scalar's request client) sends the methods OpenAPI 3.0 and 3.1 name, not 3.2's QUERY or other methods.
 */
function consolePolicy(place: OperationPlace, written: TryItPolicy): TryItPolicy {
  if (place.webhook) {
    return {
      enabled: false,
      reason: 'This is a webhook: the API sends this request to your server, so there is nothing to send from here.',
      source: 'webhooks',
    };
  }
  if (place.callback) {
    return {
      enabled: false,
      reason: 'This is a callback: the API sends this request to your server, so there is nothing to send from here.',
      source: 'callbacks',
    };
  }
  if (!isHttpMethod(place.method)) {
    return {
      enabled: false,
      reason: `The live console cannot send ${place.method.toUpperCase()} requests; the samples show how to send one.`,
      source: place.pointer,
    };
  }
  return written;
}

/** `get /pets/{petId}` → `getPetsPetId`, for operations without an operationId. */
export function derivedOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}
