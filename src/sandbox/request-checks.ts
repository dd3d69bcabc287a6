/**
 * Checks a request against its operation in the spec, before any handler
 * runs: parameters (converted to their schema types), media type, body size,
 * JSON syntax, body schema and unknown fields. Every failure is an ApiError
 * with a catalog code and a message naming the parameter or field, and
 * nothing has changed state yet.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { type ApiOperation, type ApiParameter, type ApiRequestPolicy, isJsonMediaType } from '../openapi/index.ts';
import { ApiError } from './api-error.ts';
import type { SpecSchemas, ValueProblem } from './spec-schemas.ts';

/** The parts of a request the checks read. */
export interface IncomingRequest {
  query: URLSearchParams;
  header(name: string): string | undefined;
  pathParams: Record<string, string>;
  /**
   * The raw body as it arrives; null when none was sent. A function, called only for operations that
   * take a body: Hono's Node adapter builds the full Request, which GETs do not need, when it is asked for.
   */
  body(): ReadableStream<Uint8Array> | null;
}

const locationWord: Record<ApiParameter['in'], string> = {
  path: 'Path',
  query: 'Query',
  header: 'Header',
  cookie: 'Cookie',
};

/** Parameters by name, converted and checked against their schemas. */
export function checkParameters(
  operation: ApiOperation,
  request: IncomingRequest,
  schemas: SpecSchemas,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'cookie' || ignoredHeader(parameter)) continue;
    const raw =
      parameter.in === 'path'
        ? request.pathParams[parameter.name]
        : parameter.in === 'query'
          ? (request.query.get(parameter.name) ?? undefined)
          : request.header(parameter.name);
    const label = `${locationWord[parameter.in]} parameter '${parameter.name}'`;
    const where = { parameter: parameter.name, in: parameter.in };
    if (raw === undefined || raw === '') {
      if (parameter.required) throw new ApiError('invalid_parameter', `${label} is required.`, {}, where);
      continue;
    }
    if (!parameter.schema) {
      values[parameter.name] = raw;
      continue;
    }
    const schema = schemas.resolve(parameter.schema);
    const range = integerRange(schema);
    const whole = range && /^-?\d+$/.test(raw) ? BigInt(raw) : undefined;
    if (range && whole !== undefined && (whole < range.min || whole > range.max)) {
      throw new ApiError(
        'invalid_parameter',
        `${label} must be an integer from ${range.min} to ${range.max} (${range.format}); got ${raw}.`,
        {},
        where,
      );
    }
    if (schema.type === 'array' || schema.type === 'object') {
      // A list or object in a URL or header: its items are checked, converted as the style writes them.
      const value =
        schema.type === 'array' ? listValue(parameter, raw, request, schemas.resolve(schema.items ?? {})) : raw;
      if (schema.type === 'array' && schemas.check(parameter.schema, value).length > 0) {
        throw new ApiError(
          'invalid_parameter',
          `${label} must be ${schemas.expectation(parameter.schema)} of ${schemas.expectation(schema.items ?? {})}; got '${raw}'.`,
          {},
          where,
        );
      }
      values[parameter.name] = value;
      continue;
    }
    const value = convert(raw, schema);
    // The schema check sees a number; an integer past 2^53 differs from it only below what any bound here means.
    if (schemas.check(parameter.schema, typeof value === 'bigint' ? Number(value) : value).length > 0) {
      throw new ApiError(
        'invalid_parameter',
        `${label} must be ${schemas.expectation(parameter.schema)}; got ${/^-?\d+(\.\d+)?$/.test(raw) ? raw : `'${raw}'`}.`,
        {},
        where,
      );
    }
    values[parameter.name] = value;
  }
  return values;
}

/**
 * A list parameter's items, as its style writes them: a query's `form` with `explode` (its default) repeats the
 * name (`?tag=a&tag=b`); otherwise items are joined by commas (`form`, `simple`), spaces or pipes.
 */
function listValue(
  parameter: ApiParameter,
  raw: string,
  request: IncomingRequest,
  items: OpenAPIV3.SchemaObject,
): unknown[] {
  const style = parameter.style ?? (parameter.in === 'query' ? 'form' : 'simple');
  const explode = parameter.explode ?? style === 'form';
  const texts =
    parameter.in === 'query' && style === 'form' && explode
      ? request.query.getAll(parameter.name)
      : raw.split(style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',');
  return texts.map((text) => convert(text, items));
}

/** OpenAPI 3 (Parameter Object, `in`): header parameters named Accept, Content-Type or Authorization are ignored. */
function ignoredHeader(parameter: ApiParameter): boolean {
  return (
    parameter.in === 'header' && ['accept', 'content-type', 'authorization'].includes(parameter.name.toLowerCase())
  );
}

/**
 * Text from a URL or header, as the type its schema asks for (or unchanged, for the schema check to refuse).
 * An integer past 2^53 becomes a BigInt, never a nearby number: /pets/9007199254740993 must not find
 * pet 9007199254740992, and its 404 names the id that was sent.
 */
function convert(raw: string, schema: OpenAPIV3.SchemaObject): unknown {
  switch (schema.type) {
    case 'integer': {
      if (!/^-?\d+$/.test(raw)) return raw;
      const value = Number(raw);
      return Number.isSafeInteger(value) ? value : BigInt(raw);
    }
    case 'number':
      return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    default:
      return raw;
  }
}

/**
 * The JSON body, checked: media type (415), size (413), syntax (400
 * malformed_json), schema and unknown fields (400 invalid_body). Read-only
 * fields are refused when unknown fields are, and dropped otherwise. Undefined when the operation takes no body.
 */
export async function checkBody(
  operation: ApiOperation,
  request: IncomingRequest,
  schemas: SpecSchemas,
  policy: ApiRequestPolicy,
): Promise<unknown> {
  const body = operation.requestBody;
  if (!body) return undefined;
  const media = body.content.find((m) => isJsonMediaType(m.mediaType));
  const length = Number(request.header('content-length') ?? Number.NaN);
  const contentType = request.header('content-type');
  const hasBody = contentType !== undefined || (Number.isFinite(length) && length > 0);

  if (!hasBody) {
    if (body.required) {
      throw new ApiError('invalid_body', 'The request needs a JSON body; none was sent.');
    }
    return undefined;
  }
  if (!media || !isJson(contentType)) {
    throw new ApiError(
      'unsupported_media_type',
      `The body must be sent as application/json; the Content-Type was ${contentType ? `'${contentType}'` : 'missing'}.`,
    );
  }
  const limit = policy.maxBodyBytes;
  if (limit !== undefined && Number.isFinite(length) && length > limit) {
    throw new ApiError('payload_too_large', `The body is ${length} bytes; the limit is ${limit} bytes.`);
  }
  const text = await readText(request.body(), limit);
  if (nestingDepth(text, maxNesting) > maxNesting) {
    throw new ApiError(
      'invalid_body',
      `The body nests arrays and objects more than ${maxNesting} levels deep; no request of this API does.`,
    );
  }

  let value: unknown;
  try {
    value = parseJsonKeepingIntegers(text);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('malformed_json', `Request body is not valid JSON: ${jsonReason(error, text)}.`);
  }
  if (loneSurrogate(value) !== undefined) {
    throw new ApiError(
      'malformed_json',
      'Request body is not valid JSON: a string holds a lone surrogate (such as \\ud800), which is no character.',
    );
  }
  if (!media.schema) return value;

  const input = schemas.withoutReadOnly(media.schema, value);
  if (policy.unknownFields === 'reject') {
    // A read-only field is the server's to set: a strict API refuses it as a validator reading the
    // spec does (Prism drops read-only fields from request schemas), instead of ignoring it.
    const readOnly = schemas.readOnlyFields(media.schema, value)[0];
    if (readOnly !== undefined) {
      throw new ApiError('invalid_body', `Body field '${readOnly}' is read-only: the server sets it; remove it.`);
    }
    const unknown = schemas.unknownFields(media.schema, input);
    if (unknown[0] !== undefined) {
      throw new ApiError('invalid_body', `Body field '${unknown[0]}' is not part of this request; remove it.`);
    }
  }
  const problem = pickProblem(schemas.check(media.schema, input));
  if (problem) throw new ApiError('invalid_body', describeProblem(problem), {}, { pointer: bodyPointer(problem.path) });
  return input;
}

/**
 * The body as UTF-8 text, read no further than `limit` bytes. A body without a Content-Length
 * (chunked) is refused as soon as it passes the limit, not once all of it has arrived: reading an
 * oversized body whole first grew the process by more than the body itself.
 */
async function readText(body: ReadableStream<Uint8Array> | null, limit: number | undefined): Promise<string> {
  const bytes = await readBytes(body, limit);
  if (!bytes) return '';
  try {
    // Strict: invalid UTF-8 is refused, not stored as U+FFFD.
    return strictUtf8.decode(bytes);
  } catch {
    throw new ApiError('malformed_json', 'Request body is not valid JSON: it is not valid UTF-8 text.');
  }
}

/** The body's bytes, read no further than `limit`; undefined when none was sent. */
export async function readBytes(
  body: ReadableStream<Uint8Array> | null,
  limit: number | undefined,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return undefined;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body (Node: "aborted"): nobody will read the answer, and it is not
      // the sandbox's failure, so it is not reported as an internal error.
      throw new ApiError('invalid_body', 'The request body ended before it was complete.');
    });
    if (done) break;
    bytes += value.byteLength;
    if (limit !== undefined && bytes > limit) {
      // The rest is not wanted; a client still sending gets the 413 and the connection ends.
      await reader.cancel().catch(() => undefined);
      throw new ApiError('payload_too_large', `The body is over the limit of ${limit} bytes.`);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** How deep a body may nest arrays and objects: the spec's bodies are a few levels deep. */
const maxNesting = 64;

/**
 * How deeply `text` nests arrays and objects, counted outside strings, up to `stopAt`: JSON.parse recurses, so a
 * body 32,000 levels deep would fail with "Maximum call stack size exceeded" instead of its real reason.
 */
function nestingDepth(text: string, stopAt: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAt) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The first string (key or value) in `value` that is not well-formed UTF-16: a lone surrogate such as \ud800. */
function loneSurrogate(value: unknown): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = loneSurrogate(item);
      if (found !== undefined) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = loneSurrogate(key) ?? loneSurrogate(item);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function isJson(contentType: string | undefined): boolean {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence === 'application/json' || (essence?.startsWith('application/') === true && essence.endsWith('+json'));
}

/** The values each integer format allows, worked out once rather than on every request. */
const integerRanges = {
  int32: { min: -(2n ** 31n), max: 2n ** 31n - 1n, format: 'int32' },
  int64: { min: -(2n ** 63n), max: 2n ** 63n - 1n, format: 'int64' },
} as const;

/** The values an integer schema's format allows (int64 when it names none: JSON has no smaller default). */
function integerRange(schema: OpenAPIV3.SchemaObject): (typeof integerRanges)[keyof typeof integerRanges] | undefined {
  if (schema.type !== 'integer') return undefined;
  return schema.format === 'int32' ? integerRanges.int32 : integerRanges.int64;
}

/**
 * JSON.parse, refusing integers it would round: past 2^53 a JSON number no longer reads back as
 * written (9007199254740993 becomes ...992), and the sandbox, which keeps ids as numbers, would act
 * on another id than the one sent. The reviver sees each number's source text (ES2025).
 */
function parseJsonKeepingIntegers(text: string): unknown {
  return JSON.parse(text, (key: string, value: unknown, context?: { source?: string }) => {
    const source = context?.source;
    if (typeof value === 'number' && source !== undefined && /^-?\d+$/.test(source) && !Number.isSafeInteger(value)) {
      throw new ApiError(
        'invalid_body',
        `Body field '${key}' is ${source}, past the integers the sandbox holds exactly (up to ${Number.MAX_SAFE_INTEGER}); send a smaller one.`,
      );
    }
    return value;
  });
}

/** The most useful of several problems: a missing field first, then the deepest. */
function pickProblem(problems: ValueProblem[]): ValueProblem | undefined {
  return [...problems].sort((a, b) => rank(a) - rank(b) || b.path.length - a.path.length)[0];
}

function rank(problem: ValueProblem): number {
  return problem.kind === 'required' ? 0 : problem.path === '' ? 2 : 1;
}

/** `items[0].name` → `/items/0/name` (RFC 6901: `~` and `/` inside a name escaped). */
function bodyPointer(path: string): string {
  if (path === '') return '';
  return path
    .split(/\.|\[(\d+)\]/)
    .filter((segment) => segment !== undefined && segment !== '')
    .map((segment) => `/${segment.replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

function describeProblem(problem: ValueProblem): string {
  if (problem.kind === 'required') return `Body field '${problem.path}' is required.`;
  if (problem.kind === 'unknown') return `Body field '${problem.path}' is not part of this request; remove it.`;
  if (problem.path === '') return `The body must be ${problem.expected}; got ${typeName(problem.actual)}.`;
  return `Body field '${problem.path}' must be ${problem.expected}; got ${JSON.stringify(problem.actual)}.`;
}

function typeName(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'an object'
        : `${typeof value} ${JSON.stringify(value)}`;
}

/** "unexpected end of input at line 1, column 18", from V8's SyntaxError text. */
function jsonReason(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message)?.[1];
  const reason =
    message
      .replace(/^Unexpected/, 'unexpected')
      .replace(/ in JSON at position \d+.*$/s, '')
      .split(' (line')[0] ?? message;
  if (text.trim() === '') return 'the body is empty';
  if (position === undefined) return reason;
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  const column = Number(position) - before.lastIndexOf('\n');
  return `${reason} at line ${line}, column ${column}`;
}
