/**
 * The typed model the site is built from. It is plain data derived from one
 * checked OpenAPI description (3.0, 3.1 or 3.2, read in 3.0's dialect), with one
 * resolver for its schemas' references; it knows nothing of pages or YAML.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { SchemaResolver } from './schema-resolver.ts';
import type { SpecProblem } from './spec-problem.ts';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** The keys of a path item that are operations, in OpenAPI 3.0's order. */
export const httpMethods: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A path item's fixed operation fields: 3.0's methods, then 3.2's `query` (`additionalOperations` holds others). */
export const pathItemMethods: readonly string[] = [...httpMethods, 'query'];

/** Whether the API sends this request (a webhook or a callback) rather than serving it. */
export function sentByApi(operation: Pick<ApiOperation, 'webhook' | 'callback'>): boolean {
  return operation.webhook === true || operation.callback !== undefined;
}

/** Whether a path item's key is an operation (the others are `parameters`, `summary`, extensions…). */
export function isHttpMethod(key: string): key is HttpMethod {
  return (httpMethods as readonly string[]).includes(key);
}

/** A schema as written: either a definition or a reference to one (kept, so cycles stay links). */
export type SchemaOrRef = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;

/** How settled an operation is; `stable` when the description says nothing. */
export type Stability = 'experimental' | 'beta' | 'stable';

/** One example value, from `example` or an entry of `examples`. */
export interface ApiExample {
  /** The key under `examples`; absent for a lone `example`. */
  name?: string;
  summary?: string;
  description?: string;
  value: unknown;
}

export interface ApiServerVariable {
  name: string;
  default: string;
  enum?: string[];
  description?: string;
}

/** A key a server accepts for trying the API (`x-demo-keys`), with its effective limits. */
export interface ApiDemoKey {
  key: string;
  plan: string;
  perMinute: number;
  perDay: number;
}

export interface ApiServer {
  url: string;
  description?: string;
  variables: ApiServerVariable[];
  /** Keys this server accepts for trying the API (the local sandbox's). */
  demoKeys?: ApiDemoKey[];
}

/** A security scheme, with where its credential goes. */
export interface ApiSecurityScheme {
  /** The key under `components.securitySchemes`. */
  key: string;
  type: OpenAPIV3.SecuritySchemeObject['type'];
  description?: string;
  /** For `apiKey`: where the key is sent and under which name. */
  apiKey?: { in: 'header' | 'query' | 'cookie'; name: string };
  /** For `http`: the scheme (`bearer`, `basic`). */
  httpScheme?: string;
  /** For `oauth2`: how to get a token, one entry per flow, in the order written. */
  oauthFlows?: ApiOAuthFlow[];
  /** For `openIdConnect`: where its discovery document is. */
  openIdConnectUrl?: string;
}

/** One OAuth 2 flow: where to authorize and get tokens, and the scopes it grants. */
export interface ApiOAuthFlow {
  /** `authorizationCode`, `clientCredentials`, `implicit`, `password` or (3.2) `deviceAuthorization`. */
  flow: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  deviceAuthorizationUrl?: string;
  scopes: { name: string; description: string }[];
}

/** One way to satisfy an operation's security: every scheme in it applies together. */
export interface ApiSecurityRequirement {
  schemes: { scheme: ApiSecurityScheme; scopes: string[] }[];
}

/** A parameter: a header's fields plus where it goes. */
export interface ApiParameter extends ApiHeader {
  in: 'path' | 'query' | 'header' | 'cookie';
  /** How the value is written into the request, when the description says (`form`, `deepObject`, …). */
  style?: string;
  explode?: boolean;
  allowReserved?: boolean;
}

export interface ApiMediaType {
  mediaType: string;
  schema?: SchemaOrRef;
  /** What the schema says of this body where it is used: its `description` (3.1: written beside its `$ref`). */
  description?: string;
  /** For a stream (`application/jsonl`, `text/event-stream`; 3.2's `itemSchema`): the schema of each item. */
  itemSchema?: SchemaOrRef;
  examples: ApiExample[];
}

export interface ApiRequestBody {
  description?: string;
  required: boolean;
  content: ApiMediaType[];
}

export interface ApiHeader {
  name: string;
  description?: string;
  required: boolean;
  deprecated: boolean;
  schema?: SchemaOrRef;
  examples: ApiExample[];
}

export interface ApiResponse {
  /** `200`, `4XX` or `default`. */
  status: string;
  description: string;
  headers: ApiHeader[];
  content: ApiMediaType[];
  /** Operations this response's values lead to (`links`). */
  links?: ApiLink[];
}

/** An operation a response leads to (OpenAPI's Link Object), with the values to call it with. */
export interface ApiLink {
  /** Its key under `links`. */
  name: string;
  /** The operation, by operationId; a local `operationRef` is read as the operation it points at. */
  operationId?: string;
  /** An `operationRef` that points outside the description, as written. */
  operationRef?: string;
  /** Each parameter and its value: a runtime expression (`$response.body#/id`) or a constant. */
  parameters: { name: string; value: unknown }[];
  description?: string;
}

/** A ready-made code sample from `x-codeSamples`. */
export interface ApiCodeSample {
  lang: string;
  label?: string;
  source: string;
}

/** Deprecation details: the sunset date and the operation that replaces this one. */
export interface ApiDeprecation {
  /** ISO 8601 date (`2026-09-01`) from `x-deprecated-since`: when it was deprecated. */
  since?: string;
  /** ISO 8601 date (`2027-06-30`) from `x-sunset`, if given. */
  sunset?: string;
  /** operationId of the successor, from `x-successor`. */
  successor?: string;
}

/** Whether the live test console may call this operation, and if not, why. */
export type TryItPolicy = { enabled: true } | { enabled: false; reason: string; source: string };

/** The one badge an operation shows; deprecated wins over a stability level. */
export type OperationBadge = { kind: 'deprecated'; sunset?: string } | { kind: 'experimental' } | { kind: 'beta' };

/** Where a callback comes from: the operation it follows, its name there and the URL it goes to. */
export interface ApiCallback {
  /** The operationId of the operation whose `callbacks` it is in. */
  after: string;
  /** Its key under `callbacks` (`planetCreated`). */
  name: string;
  /** The runtime expression its URL is (`{$request.body#/callbackUrl}`): the caller chose the URL. */
  url: string;
}

export interface ApiOperation {
  /** The given operationId, or one derived from method and path. */
  operationId: string;
  /** The operationId as the description writes it, when it gives one (`operationId` may be derived or suffixed). */
  givenOperationId?: string;
  /** Stable, URL-safe: `animals/get-pet` (tag slug / operation slug). */
  slug: string;
  /**
   * The HTTP method: lower case for a path item's fixed fields (`get` … `trace`, 3.2's `query`), as written for
   * 3.2's `additionalOperations` (`LINK`). Shown in upper case.
   */
  method: string;
  /** The path template; for a webhook, its name; for a callback, the expression of its URL. */
  path: string;
  /** Set on a webhook (3.1's `webhooks`): a request the API sends to the reader's server, not one it serves. */
  webhook?: true;
  /** Set on a callback: a request the API sends back to the caller after another operation (OpenAPI `callbacks`). */
  callback?: ApiCallback;
  /** The operationIds of this operation's callbacks, in the order written. */
  callbacks?: string[];
  /** JSON pointer to the operation in the description. */
  pointer: string;
  summary?: string;
  description?: string;
  /** Where the API's own site documents it further. */
  externalDocs?: { url: string; description?: string };
  /** Names of the operation's tags, in the order written (at least one). */
  tags: string[];
  deprecation?: ApiDeprecation;
  stability: Stability;
  badge?: OperationBadge;
  tryIt: TryItPolicy;
  /** The lowest plan whose keys may call it (`x-required-plan`), if any. */
  requiredPlan?: string;
  /** Set when it issues personal sandbox keys (`x-sandbox-key-issuer`): the console calls it for each visitor. */
  issuesSandboxKeys?: true;
  /** Alternatives; empty means no authentication. */
  security: ApiSecurityRequirement[];
  parameters: ApiParameter[];
  requestBody?: ApiRequestBody;
  responses: ApiResponse[];
  codeSamples: ApiCodeSample[];
  servers: ApiServer[];
}

export interface ApiTag {
  name: string;
  /** A short display name (3.2's tag `summary`, or Redoc's `x-displayName`), shown instead of the name. */
  summary?: string;
  slug: string;
  description?: string;
  externalDocs?: { url: string; description?: string };
  /** operationIds, in document order; none for a tag that is a page of text (a description, no operations). */
  operations: string[];
}

/** A navigation-only group of tags (from `x-tagGroups`, a tag `parent`, or a lone ungrouped tag). */
export interface ApiTagGroup {
  name: string;
  /** A short display name (3.2: the parent tag's `summary`), shown instead of the name. */
  summary?: string;
  description?: string;
  /** Tag names, in order. */
  tags: string[];
  /**
   * Set on the group of one tag that the portal makes, named after it, for a tag that no group of the description
   * holds (or for every tag when the description has no groups), so that each tag has a group. Such a group is no
   * group to the reader: the sidebar shows its tag as a plain entry. A real group is never implicit, even one named
   * like its only tag.
   */
  implicit?: true;
}

export interface ApiSchema {
  name: string;
  slug: string;
  /** JSON pointer, also the `$ref` target without the `#`. */
  pointer: string;
  schema: OpenAPIV3.SchemaObject;
}

/** One row of the error catalog (from the Error schema's `x-error-codes`). */
export interface ApiErrorCode {
  code: string;
  status: number;
  meaning: string;
  action?: string;
  /** True when any request can get it, whatever the operation (an unknown route, a wrong method). */
  global: boolean;
  /**
   * operationIds that can return it: those documenting its status, narrowed
   * to the codes their examples name when they name any. Empty when global.
   */
  operations: string[];
}

/** One plan's limits; `custom` where the plan's contract sets them. */
export interface ApiRatePlan {
  plan: string;
  perMinute: number | 'custom';
  perDay: number | 'custom';
}

export interface ApiRateLimits {
  plans: ApiRatePlan[];
  temporaryBan?: {
    afterRejectedRequests: number;
    durationSeconds: number;
    status: number;
    code: string;
  };
}

/** Request-level rules from `x-request-policy`. */
export interface ApiRequestPolicy {
  /** Largest accepted request body, in bytes. */
  maxBodyBytes?: number;
  /** What happens to body fields the schema does not declare. */
  unknownFields?: 'reject' | 'ignore';
}

export interface ApiInfo {
  title: string;
  version: string;
  /** A one-line summary (3.1 and later). */
  summary?: string;
  description?: string;
  contact?: OpenAPIV3.ContactObject;
  /** Its name and a URL, or (3.1 and later) an SPDX `identifier`. */
  license?: OpenAPIV3.LicenseObject & { identifier?: string };
}

/** Everything the site needs, derived from one description. */
export interface ApiModel {
  /** The `openapi` field, e.g. `3.0.3`. */
  openapi: string;
  info: ApiInfo;
  servers: ApiServer[];
  securitySchemes: ApiSecurityScheme[];
  /** Document-wide security (what an operation without its own `security` uses). */
  security: ApiSecurityRequirement[];
  operations: ApiOperation[];
  tags: ApiTag[];
  tagGroups: ApiTagGroup[];
  schemas: ApiSchema[];
  errorCodes: ApiErrorCode[];
  rateLimits?: ApiRateLimits;
  requestPolicy?: ApiRequestPolicy;
  /** Things worth fixing that did not stop the build. */
  warnings: SpecProblem[];
  /**
   * Where the description writes a server that names no host (`/v1`, a 2.0 `basePath` without `host`, no server at
   * all): a warning for a build that does not know the address the site publishes the description at
   * (`server-address.ts`), placed like the others.
   */
  hostlessServers?: SpecProblem;
  /** Follows a schema's `$ref` to its definition (the model keeps schemas as written, references included). */
  schemaResolver: SchemaResolver;
  /**
   * The address relative links in descriptions are resolved against (PETSTORE_LINK_BASE, else the description's
   * `externalDocs.url`); without one they are shown as text.
   */
  linkBase?: string;
  /**
   * The description as one document, for the downloads: as written for one OpenAPI 3 file; joined for a
   * multi-file one; converted to OpenAPI 3.0 for Swagger 2.0.
   */
  source: Record<string, unknown>;
  /** Every file the description was read from, the root first (absolute paths); unset for checked text. */
  files?: readonly string[];
  /** Set when the description was written as Swagger 2.0 and converted on load. */
  convertedFrom?: 'swagger-2.0';
  /** What the description marks `x-internal` or `x-hidden`, left out of the model and `source` (openapi/hidden.ts). */
  hidden?: { operations: number; tags: number; components: number };
}
