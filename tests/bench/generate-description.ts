/**
 * A synthetic but realistic OpenAPI 3.0.3 description of any size, for the
 * reference benchmark (`reference-bench.ts`). It is built to be demanding for
 * the portal: per ~5 operations one tag, grouped with `x-tagGroups` (two tags
 * left ungrouped), some operations in two tags, one schema per ~2 operations
 * (three levels of nested objects, arrays, enums, `allOf`, circular
 * references), long Markdown descriptions with lists, tables and code,
 * bounded parameters with examples, request bodies with examples, several
 * responses with headers, deprecated and beta/experimental operations and an
 * error catalog (`x-error-codes`).
 *
 * Options change the shape: `oneTagHolds: n` lists the first n operations
 * under one tag (the first), a skewed API like those whose tags follow
 * teams rather than resources, so that one tag holds hundreds of operations.
 *
 * The output is deterministic (a seeded generator), so runs compare.
 *
 * CLI: `node tests/bench/generate-description.ts 1000 > /tmp/api.yaml`, or with
 * one tag holding the first 1,000 of 1,100: `… generate-description.ts 1100 1000`.
 */
import { stringify } from 'yaml';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Business areas: the `x-tagGroups` groups. Each area has one tag per resource. */
const areas = [
  'Billing',
  'Catalog',
  'Logistics',
  'Identity',
  'Analytics',
  'Support',
  'Marketing',
  'Compliance',
  'Payments',
  'Inventory',
  'Scheduling',
  'Messaging',
] as const;

const resources = [
  'Invoice',
  'Customer',
  'Shipment',
  'Warehouse',
  'Product',
  'Supplier',
  'Contract',
  'Ticket',
  'Campaign',
  'Report',
  'Account',
  'Device',
  'Subscription',
  'Voucher',
  'Refund',
  'Parcel',
  'Route',
  'Vehicle',
  'Driver',
  'Station',
  'Policy',
  'Audit',
  'Segment',
  'Webhook',
  'Document',
  'Template',
  'Channel',
  'Booking',
  'Resource',
  'Location',
  'Team',
  'Member',
  'Role',
  'Session',
  'Token',
  'Dataset',
  'Metric',
  'Alert',
  'Notice',
  'Budget',
] as const;

const words = [
  'request',
  'record',
  'window',
  'quota',
  'owner',
  'region',
  'batch',
  'cursor',
  'filter',
  'status',
  'version',
  'field',
  'export',
  'import',
  'limit',
  'retry',
  'cache',
  'index',
  'tenant',
  'event',
  'schedule',
  'archive',
  'label',
  'webhook',
] as const;

/** Error codes with the status each one belongs to; the catalog on the `Error` schema. */
const errorCatalog = [
  ['invalid_parameter', 400, 'A path, query or header parameter is missing, malformed or out of bounds.'],
  ['invalid_body', 400, 'The JSON body does not match the schema of the operation.'],
  ['missing_api_key', 401, 'The request has no X-API-Key header.'],
  ['invalid_api_key', 401, 'The key in the X-API-Key header is not recognised.'],
  ['plan_forbidden', 403, "The key's plan does not include this operation."],
  ['not_found', 404, 'No resource has the id given in the path.'],
  ['version_conflict', 409, 'The resource changed since the version named in If-Match.'],
  ['duplicate_name', 409, 'Another resource already has this name.'],
  ['precondition_failed', 412, 'The If-Match header names an outdated version.'],
  ['payload_too_large', 413, 'The request body is larger than 64 KiB.'],
  ['unknown_reference', 422, 'The body refers to a resource that does not exist.'],
  ['rate_limited', 429, 'The key has used up its quota for the current window.'],
  ['internal_error', 500, 'An unexpected error occurred on the server.'],
  ['service_unavailable', 503, 'The service is temporarily overloaded or down for maintenance.'],
] as const;

/** Mulberry32: small, fast and seeded, so every run generates the same text. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function kebab(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}

function camel(text: string): string {
  const p = pascal(text);
  return (p[0]?.toLowerCase() ?? '') + p.slice(1);
}

function plural(noun: string): string {
  if (noun.endsWith('y') && !/[aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

const ref = (pointer: string): JsonObject => ({ $ref: pointer });
const schemaRef = (name: string) => ref(`#/components/schemas/${name}`);

/** One tag: a resource in an area, with its names in every spelling the description needs. */
interface TagPlan {
  index: number;
  area: string;
  /** Singular, human: "Invoice" or "Invoice 2" when the area/resource pair repeats. */
  resource: string;
  /** Resource name, e.g. "Billing invoices": the tag's name, unless its operations are listed under `tag`. */
  name: string;
  /** The tag its operations are listed under: `name`, or the one big tag of a skewed description. */
  tag: string;
  /** Schema name stem, e.g. "BillingInvoice". */
  schema: string;
  /** Path prefix, e.g. "/billing/invoices". */
  path: string;
  /** The number of operations this tag holds (5, or fewer for the last tag). */
  operations: number;
}

/** How a description is shaped beyond its size. */
export interface DescriptionOptions {
  /** List the first this many operations under one tag (the first), instead of ~5 per tag. */
  oneTagHolds?: number;
  /**
   * Write it the OpenAPI 3.1 or 3.2 way (default 3.0): the same API, with `examples` lists for schema examples,
   * type lists for `nullable`, and (3.2) tag summaries, so the bench can compare what each version costs.
   */
  version?: '3.0' | '3.1' | '3.2';
}

function planTags(operations: number, options: DescriptionOptions = {}): TagPlan[] {
  const tagCount = Math.max(1, Math.ceil(operations / 5));
  // The resources whose operations all go to the first tag.
  const absorbed = Math.ceil(Math.min(options.oneTagHolds ?? 0, operations) / 5);
  const plans: TagPlan[] = [];
  for (let i = 0; i < tagCount; i++) {
    const area = areas[i % areas.length] ?? 'Billing';
    const base = resources[Math.floor(i / areas.length) % resources.length] ?? 'Invoice';
    const round = Math.floor(i / (areas.length * resources.length));
    const resource = round === 0 ? base : `${base} ${round + 1}`;
    const resourcePlural = round === 0 ? plural(base) : `${plural(base)} ${round + 1}`;
    const name = `${area} ${resourcePlural.toLowerCase()}`;
    plans.push({
      index: i,
      area,
      resource,
      name,
      tag: i < absorbed ? (plans[0]?.name ?? name) : name,
      schema: pascal(`${area} ${resource}`),
      path: `/${kebab(area)}/${kebab(resourcePlural)}`,
      operations: Math.min(5, operations - i * 5),
    });
  }
  return plans;
}

/** A few paragraphs of Markdown with a list, a table and a code block. */
function longDescription(random: () => number, subject: string, what: string): string {
  const pick = () => words[Math.floor(random() * words.length)] ?? 'record';
  const sentence = () =>
    `The ${pick()} and ${pick()} of each ${subject.toLowerCase()} are checked against the ${pick()} policy before the ${pick()} is applied.`;
  const paragraph = (n: number) => Array.from({ length: n }, sentence).join(' ');
  return [
    `${what} It concerns **${subject}** records and follows the usual conventions of the API: JSON in, JSON out, with \`X-Request-Id\` echoed on every response.`,
    paragraph(3),
    'Before you call it, make sure that:',
    `- the API key's plan includes the *${subject}* area;\n- the \`${camel(pick())}\` field is set when the ${pick()} is shared;\n- retries reuse the same \`Idempotency-Key\`.`,
    paragraph(2),
    `| Field | Effect | Since |\n|---|---|---|\n| \`${camel(pick())}\` | Narrows the ${pick()} | 1.2 |\n| \`${camel(pick())}\` | Sets the ${pick()} window | 1.4 |\n| \`${camel(pick())}\` | Overrides the ${pick()} | 2.0 |`,
    `For example:\n\n\`\`\`sh\ncurl -H "X-API-Key: $API_KEY" \\\n  "https://api.example.com${'/'}${kebab(subject)}?limit=20&${camel(pick())}=true"\n\`\`\``,
    `See the [${pick()} guide](https://docs.example.com/guides/${pick()}) for the full lifecycle.`,
  ].join('\n\n');
}

function errorExample(code: (typeof errorCatalog)[number]): JsonObject {
  const [name, status, meaning] = code;
  return { code: name, message: meaning, status };
}

function rateLimitHeaders(): JsonObject {
  return {
    'X-RateLimit-Limit': ref('#/components/headers/RateLimitLimit'),
    'X-RateLimit-Remaining': ref('#/components/headers/RateLimitRemaining'),
    'X-Request-Id': ref('#/components/headers/RequestId'),
  };
}

function components(): JsonObject {
  const errorResponse = (description: string, ...codes: string[]): JsonObject => {
    const examples: JsonObject = {};
    for (const code of codes) {
      const entry = errorCatalog.find(([name]) => name === code);
      if (entry) examples[code] = { summary: entry[2], value: errorExample(entry) };
    }
    return {
      description,
      headers: rateLimitHeaders(),
      content: { 'application/json': { schema: schemaRef('Error'), examples } },
    };
  };
  return {
    securitySchemes: {
      ApiKeyAuth: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Every request sends an API key in the `X-API-Key` header; keys belong to a plan.',
      },
    },
    headers: {
      RateLimitLimit: {
        description: 'Requests allowed in the current window.',
        schema: { type: 'integer', minimum: 1, example: 300 },
      },
      RateLimitRemaining: {
        description: 'Requests left in the current window.',
        schema: { type: 'integer', minimum: 0, example: 299 },
      },
      RequestId: {
        description: 'Identifier of the request, echoed from `X-Request-Id` or generated; quote it to support.',
        schema: { type: 'string', format: 'uuid', example: '5f0c1e52-7a43-4c2e-9a1b-0d5b8e2f9c11' },
      },
      TotalCount: {
        description: 'Number of items matching the filters, across all pages.',
        schema: { type: 'integer', minimum: 0, example: 42 },
      },
      ETag: {
        description: 'Version of the returned resource; send it in `If-Match` to update safely.',
        schema: { type: 'string', maxLength: 256, example: '"33a64df551425fcc"' },
      },
      Location: {
        description: 'URL of the created resource.',
        schema: { type: 'string', format: 'uri-reference', example: '/billing/invoices/42' },
      },
      RetryAfter: {
        description: 'Seconds to wait before retrying.',
        schema: { type: 'integer', minimum: 1, maximum: 86400, example: 30 },
      },
    },
    parameters: {
      limit: {
        name: 'limit',
        in: 'query',
        description: 'Maximum number of items to return (1–100).',
        schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        example: 20,
      },
      offset: {
        name: 'offset',
        in: 'query',
        description: 'Number of items to skip before the first one returned.',
        schema: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
        example: 0,
      },
      RequestId: {
        name: 'X-Request-Id',
        in: 'header',
        description: 'Your identifier for the request (a UUID); it is echoed on the response and in logs.',
        schema: { type: 'string', format: 'uuid', minLength: 36, maxLength: 36 },
        example: '5f0c1e52-7a43-4c2e-9a1b-0d5b8e2f9c11',
      },
    },
    responses: {
      BadRequest: errorResponse(
        'A parameter or the body is invalid. The message names the parameter or field.',
        'invalid_parameter',
        'invalid_body',
      ),
      Unauthorized: errorResponse('The API key is missing or unknown.', 'missing_api_key', 'invalid_api_key'),
      Forbidden: errorResponse("The key's plan does not include this operation.", 'plan_forbidden'),
      NotFound: errorResponse('No resource has the id given in the path.', 'not_found'),
      Conflict: errorResponse('The request conflicts with the current state.', 'version_conflict', 'duplicate_name'),
      PreconditionFailed: errorResponse('The `If-Match` version is outdated.', 'precondition_failed'),
      PayloadTooLarge: errorResponse('The body is larger than 64 KiB.', 'payload_too_large'),
      UnprocessableEntity: errorResponse('The body refers to something that does not exist.', 'unknown_reference'),
      TooManyRequests: {
        ...errorResponse('The quota for the current window is used up.', 'rate_limited'),
        headers: { 'Retry-After': ref('#/components/headers/RetryAfter'), ...rateLimitHeaders() },
      },
      InternalError: errorResponse('Something went wrong on our side.', 'internal_error'),
    },
    schemas: {
      Error: {
        type: 'object',
        description:
          'The body of every error response. Branch on `code`; `message` is for humans. The catalog of codes is `x-error-codes`.',
        required: ['code', 'message', 'status'],
        properties: {
          code: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', maxLength: 64, example: 'not_found' },
          message: { type: 'string', minLength: 1, maxLength: 1000, example: 'No resource with id 999.' },
          status: { type: 'integer', minimum: 400, maximum: 599, example: 404 },
        },
        example: { code: 'not_found', message: 'No resource with id 999.', status: 404 },
        'x-error-codes': errorCatalog.map(([code, status, meaning]) => ({
          code,
          status,
          meaning,
          action: status >= 500 ? 'Retry with exponential backoff.' : 'Fix the request as the message says and retry.',
        })),
      },
      Money: {
        type: 'object',
        description: 'An amount in a currency, in minor units.',
        required: ['amount', 'currency'],
        properties: {
          amount: { type: 'integer', minimum: 0, maximum: 100000000000, example: 1999 },
          currency: { type: 'string', enum: ['EUR', 'USD', 'GBP', 'JPY', 'CHF'], example: 'EUR' },
        },
      },
    },
  };
}

/** The schemas of one tag: New<R> (nested input), <R> (allOf, self-referencing) and every other tag an enum. */
function tagSchemas(tag: TagPlan, hub: TagPlan | undefined, random: () => number): Record<string, JsonObject> {
  const statusName = `${tag.schema}Status`;
  const hasStatusSchema = tag.index % 2 === 0;
  const statusSchema: JsonObject = hasStatusSchema
    ? schemaRef(statusName)
    : { type: 'string', enum: ['draft', 'active', 'archived'], description: 'Lifecycle state.', example: 'active' };
  const schemas: Record<string, JsonObject> = {};
  if (hasStatusSchema) {
    schemas[statusName] = {
      type: 'string',
      description: `Lifecycle of a ${tag.resource.toLowerCase()}:\n\n- \`draft\` — not yet visible.\n- \`active\` — in use.\n- \`suspended\` — paused by an operator.\n- \`archived\` — read-only history.`,
      enum: ['draft', 'active', 'suspended', 'archived'],
      example: 'active',
    };
  }
  const newName = `New${tag.schema}`;
  schemas[newName] = {
    type: 'object',
    description: longDescription(
      random,
      tag.resource,
      `The fields you send to create or update a ${tag.resource.toLowerCase()}.`,
    ),
    required: ['name', 'details'],
    properties: {
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 120,
        description: 'Display name, unique in the area.',
        example: `${tag.resource} A`,
      },
      status: statusSchema,
      labels: {
        type: 'array',
        description: 'Free-form labels for filtering.',
        maxItems: 20,
        uniqueItems: true,
        items: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z0-9-]+$' },
        example: ['priority', 'eu-west'],
      },
      price: schemaRef('Money'),
      details: {
        type: 'object',
        description: 'Where and how the resource is handled.',
        required: ['address'],
        properties: {
          address: {
            type: 'object',
            description: 'Postal address.',
            properties: {
              line1: { type: 'string', maxLength: 200, example: '1 Main Street' },
              city: { type: 'string', maxLength: 100, example: 'Lyon' },
              country: { type: 'string', minLength: 2, maxLength: 2, pattern: '^[A-Z]{2}$', example: 'FR' },
              geo: {
                type: 'object',
                description: 'Coordinates, WGS 84.',
                properties: {
                  lat: { type: 'number', minimum: -90, maximum: 90, example: 45.76 },
                  lon: { type: 'number', minimum: -180, maximum: 180, example: 4.84 },
                },
              },
            },
          },
          window: {
            type: 'object',
            properties: {
              opensAt: { type: 'string', format: 'date-time', example: '2026-10-05T09:00:00Z' },
              closesAt: { type: 'string', format: 'date-time', example: '2026-10-05T17:00:00Z' },
              days: {
                type: 'array',
                items: { type: 'string', enum: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
                maxItems: 7,
              },
            },
          },
        },
      },
      lines: {
        type: 'array',
        description: 'Line items, in order.',
        maxItems: 500,
        items: {
          type: 'object',
          required: ['quantity'],
          properties: {
            sku: { type: 'string', maxLength: 64, example: 'SKU-1042' },
            quantity: { type: 'integer', minimum: 1, maximum: 10000, example: 2 },
            unitPrice: schemaRef('Money'),
            // A property that refers back to the schema it is nested in.
            bundleOf: schemaRef(newName),
          },
        },
      },
      metadata: {
        type: 'object',
        description: 'Up to 50 string keys and values of your own.',
        maxProperties: 50,
        additionalProperties: { type: 'string', maxLength: 500 },
      },
    },
    example: { name: `${tag.resource} A`, status: 'active', details: { address: { city: 'Lyon', country: 'FR' } } },
  };
  const properties: JsonObject = {
    id: {
      type: 'integer',
      format: 'int64',
      minimum: 1,
      readOnly: true,
      description: 'Assigned on creation.',
      example: 42,
    },
    createdAt: { type: 'string', format: 'date-time', readOnly: true, example: '2026-10-05T09:00:00Z' },
    version: { type: 'integer', minimum: 1, readOnly: true, example: 3 },
    // Circular: a resource has a parent and children of its own kind.
    parent: schemaRef(tag.schema),
    children: { type: 'array', maxItems: 100, items: schemaRef(tag.schema) },
  };
  // A cross-reference to the area's first resource (its "hub"), which has none of its own. Pointing at the
  // previous tag instead would chain every resource schema to every earlier one, and the reference expands
  // every non-circular reference in full: pages would grow with the size of the whole API.
  if (hub && hub !== tag) properties.related = schemaRef(hub.schema);
  schemas[tag.schema] = {
    description: `A ${tag.resource.toLowerCase()} as stored: all fields of \`${newName}\` plus its id, version and relations.`,
    allOf: [schemaRef(newName), { type: 'object', required: ['id', 'createdAt'], properties }],
    example: { id: 42, name: `${tag.resource} A`, status: 'active', createdAt: '2026-10-05T09:00:00Z', version: 3 },
  };
  return schemas;
}

interface OperationPlan {
  method: 'get' | 'post' | 'patch' | 'delete' | 'put';
  path: string;
  operationId: string;
  summary: string;
  operation: JsonObject;
}

function tagOperations(tag: TagPlan, plans: TagPlan[], globalIndex: number, random: () => number): OperationPlan[] {
  const lower = tag.resource.toLowerCase();
  const lowerPlural = tag.name.slice(tag.area.length + 1);
  const idName = `${camel(tag.schema)}Id`;
  const itemPath = `${tag.path}/{${idName}}`;
  const idParameter: JsonObject = {
    name: idName,
    in: 'path',
    required: true,
    description: `Id of the ${lower}.`,
    schema: { type: 'integer', format: 'int64', minimum: 1, maximum: 9007199254740991 },
    example: 42,
  };
  const ok = (description: string, schema: JsonObject, example: Json, extraHeaders: JsonObject = {}): JsonObject => ({
    description,
    headers: { ...extraHeaders, ...rateLimitHeaders() },
    content: { 'application/json': { schema, example } },
  });
  const errors = (...names: string[]): JsonObject => {
    const statusOf: Record<string, string> = {
      BadRequest: '400',
      Unauthorized: '401',
      Forbidden: '403',
      NotFound: '404',
      Conflict: '409',
      PreconditionFailed: '412',
      PayloadTooLarge: '413',
      UnprocessableEntity: '422',
      TooManyRequests: '429',
      InternalError: '500',
    };
    const result: JsonObject = {};
    for (const name of names) result[statusOf[name] ?? '500'] = ref(`#/components/responses/${name}`);
    return result;
  };
  const example: JsonObject = {
    name: `${tag.resource} A`,
    status: 'active',
    labels: ['priority'],
    details: { address: { line1: '1 Main Street', city: 'Lyon', country: 'FR', geo: { lat: 45.76, lon: 4.84 } } },
    lines: [{ sku: 'SKU-1042', quantity: 2, unitPrice: { amount: 1999, currency: 'EUR' } }],
  };
  const stored: JsonObject = { id: 42, createdAt: '2026-10-05T09:00:00Z', version: 3, ...example };
  const body = (description: string): JsonObject => ({
    required: true,
    description,
    content: {
      'application/json': {
        schema: schemaRef(`New${tag.schema}`),
        examples: {
          minimal: {
            summary: 'Only the required fields',
            value: { name: `${tag.resource} A`, details: { address: {} } },
          },
          complete: { summary: 'Every field', value: example },
        },
      },
    },
  });
  const all: OperationPlan[] = [
    {
      method: 'get',
      path: tag.path,
      operationId: camel(`list ${tag.area} ${lowerPlural}`),
      summary: `List ${tag.area.toLowerCase()} ${lowerPlural}`,
      operation: {
        parameters: [
          ref('#/components/parameters/limit'),
          ref('#/components/parameters/offset'),
          {
            name: 'status',
            in: 'query',
            description: 'Only items with this status.',
            schema: { type: 'string', enum: ['draft', 'active', 'suspended', 'archived'] },
            example: 'active',
          },
          {
            name: 'q',
            in: 'query',
            description: 'Full-text search in names and labels.',
            schema: { type: 'string', minLength: 2, maxLength: 200 },
            example: 'lyon',
          },
          {
            name: 'sort',
            in: 'query',
            description: 'Sort order; prefix with `-` for descending.',
            schema: { type: 'string', enum: ['name', '-name', 'createdAt', '-createdAt'], default: 'createdAt' },
            example: '-createdAt',
          },
          ref('#/components/parameters/RequestId'),
        ],
        responses: {
          '200': ok(
            `One page of ${lowerPlural}.`,
            { type: 'array', maxItems: 100, items: schemaRef(tag.schema) },
            [stored],
            { 'X-Total-Count': ref('#/components/headers/TotalCount') },
          ),
          ...errors('BadRequest', 'Unauthorized', 'Forbidden', 'TooManyRequests', 'InternalError'),
        },
      },
    },
    {
      method: 'post',
      path: tag.path,
      operationId: camel(`create ${tag.area} ${tag.resource}`),
      summary: `Create a ${tag.area.toLowerCase()} ${lower}`,
      operation: {
        parameters: [
          ref('#/components/parameters/RequestId'),
          {
            name: 'Idempotency-Key',
            in: 'header',
            description: 'Makes retries safe: a repeated key within 24 hours returns the first result.',
            schema: { type: 'string', minLength: 8, maxLength: 64 },
            example: 'a1b2c3d4e5f6',
          },
        ],
        requestBody: body(`The new ${lower}.`),
        responses: {
          '201': ok(`The ${lower} was created.`, schemaRef(tag.schema), stored, {
            Location: ref('#/components/headers/Location'),
            ETag: ref('#/components/headers/ETag'),
          }),
          ...errors(
            'BadRequest',
            'Unauthorized',
            'Forbidden',
            'Conflict',
            'PayloadTooLarge',
            'UnprocessableEntity',
            'TooManyRequests',
            'InternalError',
          ),
        },
      },
    },
    {
      method: 'get',
      path: itemPath,
      operationId: camel(`get ${tag.area} ${tag.resource}`),
      summary: `Get a ${tag.area.toLowerCase()} ${lower}`,
      operation: {
        parameters: [idParameter, ref('#/components/parameters/RequestId')],
        responses: {
          '200': ok(`The ${lower}.`, schemaRef(tag.schema), stored, { ETag: ref('#/components/headers/ETag') }),
          ...errors('BadRequest', 'Unauthorized', 'Forbidden', 'NotFound', 'TooManyRequests', 'InternalError'),
        },
      },
    },
    {
      method: 'patch',
      path: itemPath,
      operationId: camel(`update ${tag.area} ${tag.resource}`),
      summary: `Update a ${tag.area.toLowerCase()} ${lower}`,
      operation: {
        parameters: [
          idParameter,
          {
            name: 'If-Match',
            in: 'header',
            required: true,
            description: 'The `ETag` of the version you edited.',
            schema: { type: 'string', maxLength: 256 },
            example: '"33a64df551425fcc"',
          },
          ref('#/components/parameters/RequestId'),
        ],
        requestBody: body(`The fields of the ${lower} to change.`),
        responses: {
          '200': ok(`The ${lower} was updated.`, schemaRef(tag.schema), stored, {
            ETag: ref('#/components/headers/ETag'),
          }),
          ...errors(
            'BadRequest',
            'Unauthorized',
            'Forbidden',
            'NotFound',
            'Conflict',
            'PreconditionFailed',
            'PayloadTooLarge',
            'UnprocessableEntity',
            'TooManyRequests',
            'InternalError',
          ),
        },
      },
    },
    {
      method: 'delete',
      path: itemPath,
      operationId: camel(`delete ${tag.area} ${tag.resource}`),
      summary: `Delete a ${tag.area.toLowerCase()} ${lower}`,
      operation: {
        parameters: [
          idParameter,
          {
            name: 'cascade',
            in: 'query',
            description: 'Also delete the children of this resource.',
            schema: { type: 'boolean', default: false },
            example: false,
          },
          ref('#/components/parameters/RequestId'),
        ],
        responses: {
          '204': { description: `The ${lower} was deleted. There is no body.`, headers: rateLimitHeaders() },
          ...errors('Unauthorized', 'Forbidden', 'NotFound', 'Conflict', 'TooManyRequests', 'InternalError'),
        },
      },
    },
  ];
  const chosen = all.slice(0, tag.operations);
  chosen.forEach((plan, i) => {
    const n = globalIndex + i;
    const op = plan.operation;
    const tags: Json[] = [tag.tag];
    // Every ninth operation is also listed under the next tag.
    const other = plans[tag.index + 1];
    if (n % 9 === 4 && other && other.tag !== tag.tag) tags.push(other.tag);
    const extensions: JsonObject = {};
    // About one operation in 35 is deprecated: the "get" of every seventh tag.
    if (plan.operationId.startsWith('get') && tag.index % 7 === 3) {
      extensions.deprecated = true;
      extensions['x-sunset'] = '2027-06-30';
    } else if (n % 11 === 3) {
      extensions['x-scalar-stability'] = 'beta';
    } else if (n % 17 === 5) {
      extensions['x-scalar-stability'] = 'experimental';
    }
    plan.operation = {
      tags,
      operationId: plan.operationId,
      summary: plan.summary,
      description: longDescription(random, tag.resource, `${plan.summary}.`),
      ...extensions,
      ...op,
    };
  });
  return chosen;
}

/** A valid OpenAPI 3.0.3 description (YAML text) with exactly `operations` operations. */
export function generateDescription(operations: number, options: DescriptionOptions = {}): string {
  if (!Number.isInteger(operations) || operations < 1) throw new Error('operations must be a positive integer');
  const random = seededRandom(operations);
  const plans = planTags(operations, options);
  // One entry per tag: the resources of a skewed description's big tag share the first's.
  const tagPlans = plans.filter((t) => t.tag === t.name);
  const paths: Record<string, JsonObject> = {};
  const schemas: Record<string, Json> = {};
  let count = 0;
  plans.forEach((tag, i) => {
    Object.assign(schemas, tagSchemas(tag, plans[i % areas.length], random));
    for (const plan of tagOperations(tag, plans, count, random)) {
      const item = paths[plan.path] ?? {};
      item[plan.method] = plan.operation;
      paths[plan.path] = item;
      count++;
    }
  });
  // The last two tags stay outside every group: the portal gives them groups of their own (with a warning).
  const ungrouped = new Set(tagPlans.length > 3 ? tagPlans.slice(-2).map((t) => t.name) : []);
  const groups: JsonObject[] = [];
  for (const area of areas) {
    const tags = tagPlans.filter((t) => t.area === area && !ungrouped.has(t.name)).map((t) => t.name);
    if (tags.length > 0) groups.push({ name: `${area} area`, tags });
  }
  const base = components();
  const document: JsonObject = {
    openapi: '3.0.3',
    info: {
      title: `Synthetic API (${operations} operations)`,
      version: '1.0.0',
      description: longDescription(random, 'API', 'A generated description for benchmarking the reference.'),
      contact: { name: 'API team', email: 'api@example.com' },
      license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0.html' },
    },
    servers: [{ url: 'https://api.example.com', description: 'Production' }],
    security: [{ ApiKeyAuth: [] }],
    tags: tagPlans.map((t) => ({
      name: t.name,
      description: `Everything about ${t.name.toLowerCase()}.\n\n${longDescription(random, t.resource, `Manage ${t.name.toLowerCase()}.`)}`,
    })),
    'x-tagGroups': groups,
    paths,
    components: { ...base, schemas: { ...(base.schemas as JsonObject), ...schemas } },
  };
  const written =
    options.version === undefined || options.version === '3.0' ? document : laterVersion(document, options.version);
  return stringify(written, { aliasDuplicateObjects: false, lineWidth: 0 });
}

/** A 3.0 description written the 3.1 or 3.2 way; it says the same thing. */
function laterVersion(document: JsonObject, version: '3.1' | '3.2'): JsonObject {
  const schemaKeys = new Set(['items', 'additionalProperties', 'not']);
  const schemaLists = new Set(['allOf', 'anyOf', 'oneOf']);
  const schema = (value: Json): Json => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const out: JsonObject = {};
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'example') out.examples = [inner];
      else if (key === 'nullable') continue;
      else if (key === 'properties' && typeof inner === 'object' && inner !== null && !Array.isArray(inner)) {
        out.properties = Object.fromEntries(Object.entries(inner).map(([name, s]) => [name, schema(s)]));
      } else if (schemaKeys.has(key)) out[key] = schema(inner);
      else if (schemaLists.has(key) && Array.isArray(inner)) out[key] = inner.map(schema);
      else out[key] = inner;
    }
    if (value.nullable === true && typeof value.type === 'string') out.type = [value.type, 'null'];
    return out;
  };
  const within = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(within);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === 'schema' ? schema(inner) : within(inner)]),
    );
  };
  const components = document.components as JsonObject;
  const schemas = Object.fromEntries(
    Object.entries(components.schemas as JsonObject).map(([name, s]) => [name, schema(s)]),
  );
  const converted = within({ ...document, components: { ...components, schemas: {} } }) as JsonObject;
  (converted.components as JsonObject).schemas = schemas;
  converted.openapi = version === '3.1' ? '3.1.1' : '3.2.0';
  if (version === '3.2' && Array.isArray(converted.tags)) {
    converted.tags = converted.tags.map(
      (tag): JsonObject => ({
        ...(tag as JsonObject),
        summary: (tag as JsonObject).name ?? null,
        kind: 'nav',
      }),
    );
  }
  return converted;
}

if (import.meta.main) {
  const operations = Number(process.argv[2] ?? 100);
  const oneTagHolds = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
  process.stdout.write(generateDescription(operations, oneTagHolds === undefined ? {} : { oneTagHolds }));
}
