/**
 * How a sandbox made from a description refuses: in the description's own error shape where the operation
 * documents a JSON answer for that status (its example, with the message, code and status filled in where it has
 * such fields and stays valid), else as RFC 9457 problem details, with the JSON pointer of the body field or the
 * parameter at fault. Such a description has no error catalog, so each code has its usual HTTP status here.
 */
import type { OpenAPIV3 } from 'openapi-types';
import {
  type ApiOperation,
  type ApiResponse,
  isJsonMediaType,
  isRecord,
  type SchemaResolver,
  statusCovers,
} from '../../openapi/index.ts';
import type { ApiError, DescribedErrorCode, SandboxErrorCode } from '../api-error.ts';
import type { SpecSchemas } from '../spec-schemas.ts';
import { mediaExample } from './examples.ts';
import { propertiesOf } from './resources.ts';

/** Each code's HTTP status, for a description without a catalog. */
export const describedStatus: Record<SandboxErrorCode | DescribedErrorCode, number> = {
  invalid_parameter: 400,
  malformed_json: 400,
  invalid_body: 400,
  malformed_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  missing_credentials: 401,
  plan_forbidden: 403,
  api_key_banned: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  category_name_taken: 409,
  category_in_use: 409,
  pet_has_open_orders: 409,
  pet_not_available: 409,
  insufficient_stock: 409,
  order_already_complete: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unknown_reference: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
  too_many_keys: 503,
  too_many_records: 409,
  data_set_too_large: 413,
};

const statusTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error answer: status, media type and body. */
export interface Problem {
  status: number;
  mediaType: string;
  body: unknown;
}

/** Fields a description's error shape holds its words, code and status in, by their usual names. */
const messageFields = ['message', 'detail', 'error_description', 'description', 'title', 'msg', 'error'];
const codeFields = ['code', 'error_code', 'errorCode', 'error'];
const statusFields = ['status', 'statusCode', 'status_code', 'code'];

export function problemAnswer(
  error: ApiError,
  operation: ApiOperation | undefined,
  resolver: SchemaResolver,
  schemas: SpecSchemas,
): Problem {
  const status = describedStatus[error.code];
  const documented = operation && documentedError(operation.responses, status);
  const media = documented?.content.find((m) => isJsonMediaType(m.mediaType));
  if (media?.schema) {
    const example = mediaExample(media, resolver, (schema, value) => schemas.check(schema, value).length === 0);
    if (isRecord(example)) {
      const filled = filledIn(example, media.schema && resolver.resolve(media.schema), resolver, error, status);
      const body = schemas.check(media.schema, filled).length === 0 ? filled : example;
      return { status, mediaType: media.mediaType, body };
    }
  }
  return { status, mediaType: 'application/problem+json', body: problemDetails(error, status) };
}

/** RFC 9457 problem details; an `errors` member names the field or parameter (as its §3 example does). */
export function problemDetails(error: ApiError, status: number): Record<string, unknown> {
  const location = error.location;
  const at =
    location === undefined
      ? undefined
      : 'pointer' in location
        ? { detail: error.message, pointer: `#${location.pointer}` }
        : { detail: error.message, parameter: location.parameter, in: location.in };
  return {
    type: 'about:blank',
    title: statusTitles[status] ?? 'Error',
    status,
    detail: error.message,
    code: error.code,
    ...(at ? { errors: [at] } : {}),
  };
}

/** The response the operation documents for `status`: exactly, else its range (`4XX`), else `default`. */
function documentedError(responses: readonly ApiResponse[], status: number): ApiResponse | undefined {
  return (
    responses.find((r) => r.status === String(status)) ??
    responses.find((r) => /^\dXX$/i.test(r.status) && statusCovers(r.status, status)) ??
    responses.find((r) => r.status === 'default')
  );
}

/** The example with our words, code and status in the fields the schema gives them (top level only). */
function filledIn(
  example: Record<string, unknown>,
  schema: OpenAPIV3.SchemaObject,
  resolver: SchemaResolver,
  error: ApiError,
  status: number,
): Record<string, unknown> {
  const properties = propertiesOf(schema, resolver);
  const typeOf = (name: string) => {
    const property = properties[name];
    return property ? resolver.resolve(property).type : undefined;
  };
  const filled = { ...example };
  const pick = (names: readonly string[], type: string, taken: Set<string>) =>
    names.find((name) => name in properties && typeOf(name) === type && !taken.has(name));
  const taken = new Set<string>();
  const message = pick(messageFields, 'string', taken);
  if (message) {
    filled[message] = error.message;
    taken.add(message);
  }
  const code = pick(codeFields, 'string', taken);
  if (code) {
    filled[code] = error.code;
    taken.add(code);
  }
  const statusField = pick(statusFields, 'integer', taken) ?? pick(statusFields, 'number', taken);
  if (statusField) filled[statusField] = status;
  return filled;
}
