/**
 * An error the sandbox answers with: a code from the spec's error catalog
 * and a message naming what is wrong. The HTTP status comes from the
 * catalog, so a code and its status can never disagree; the sandbox checks
 * at start-up that every code it can send is in the catalog.
 */
import type { DataSetFullError } from './store/sandbox-store.ts';

/** Every error code the sandbox can send. */
export const sandboxErrorCodes = [
  'invalid_parameter',
  'malformed_json',
  'invalid_body',
  'missing_api_key',
  'invalid_api_key',
  'plan_forbidden',
  'api_key_banned',
  'not_found',
  'route_not_found',
  'method_not_allowed',
  'category_name_taken',
  'category_in_use',
  'pet_has_open_orders',
  'pet_not_available',
  'insufficient_stock',
  'order_already_complete',
  'payload_too_large',
  'unsupported_media_type',
  'unknown_reference',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  'malformed_request',
  'headers_too_large',
  'request_timeout',
  'too_many_keys',
  'too_many_records',
  'data_set_too_large',
] as const;

export type SandboxErrorCode = (typeof sandboxErrorCodes)[number];

/**
 * Codes only a sandbox made from another description sends (`described/`): that description has no catalog, so
 * the Pet Store's start-up check (every code in the catalog) does not apply to them.
 */
export const describedErrorCodes = ['missing_credentials'] as const;

export type DescribedErrorCode = (typeof describedErrorCodes)[number];

/** Where in the request the problem is: a body field (a JSON pointer into the body) or a parameter. */
export type ErrorLocation = { pointer: string } | { parameter: string; in: string };

export class ApiError extends Error {
  readonly code: SandboxErrorCode | DescribedErrorCode;
  /** Extra response headers (Allow, Retry-After). */
  readonly headers: Record<string, string>;
  /** What the problem is in, when it is one field or parameter. */
  readonly location: ErrorLocation | undefined;

  constructor(
    code: SandboxErrorCode | DescribedErrorCode,
    message: string,
    headers: Record<string, string> = {},
    location?: ErrorLocation,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.headers = headers;
    this.location = location;
  }
}

/** A change refused for taking a data set over its caps: 409 for too many records, 413 for too many bytes. */
export function dataSetFull(error: DataSetFullError): ApiError {
  return new ApiError(error.cap === 'records' ? 'too_many_records' : 'data_set_too_large', error.message);
}

/** The answer while the store is out of reach: retry soon, since the store reconnects by itself. */
export function storeUnavailable(): ApiError {
  return new ApiError(
    'service_unavailable',
    'The sandbox cannot reach its data store just now. Retry after the seconds in Retry-After.',
    { 'Retry-After': '2' },
  );
}
