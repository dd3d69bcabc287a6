/**
 * Code samples for an operation's request, the way Scalar makes them: the
 * operation becomes one HAR request (plain data: method, URL, headers, body),
 * and `@scalar/snippetz` turns that request into code. The snippet side never
 * sees OpenAPI, and the OpenAPI side never knows a programming language.
 *
 *   operation ─ exampleRequest ─ harRequest ─▶ HarRequest ─ generatedSamples ─▶ CodeSample[]
 *                                                        ─ withHandWrittenSamples (x-codeSamples) ─▶ CodeSample[]
 */
import type { Plugin } from '@scalar/snippetz';
import { goNative } from '@scalar/snippetz/plugins/go/native';
import { jsFetch } from '@scalar/snippetz/plugins/js/fetch';
import { pythonRequests } from '@scalar/snippetz/plugins/python/requests';
import { shellCurl } from '@scalar/snippetz/plugins/shell/curl';
import { exampleRequest } from './example-request.ts';
import { isFormMediaType, mediaTypeEssence } from './media-type.ts';
import {
  type ApiCodeSample,
  type ApiModel,
  type ApiOperation,
  type ApiSecurityScheme,
  type ApiServer,
  sentByApi,
} from './model.ts';
import { serverAddress } from './server-address.ts';
import { uniqueSlugs } from './slug.ts';

/** One code sample as a page shows it: a tab label, a language id and the code. */
export interface CodeSample {
  /** Stable and unique within one operation: `curl`, `javascript`, `python`, `go`, then hand-written extras. */
  id: string;
  /** Tab label: `curl`, `JavaScript`, … or the `label` of an `x-codeSamples` entry. */
  label: string;
  /** A language id (`bash`, `javascript`, `python`, `go`, `http`, …); the renderer decides whether it can colour it. */
  language: string;
  code: string;
  /** `generated` from the description, or copied from the operation's `x-codeSamples`. */
  source: 'generated' | 'x-codeSamples';
}

/** A name/value pair, as HAR 1.2 writes headers, query parameters and cookies. */
export interface HarNameValue {
  name: string;
  value: string;
}

/** The body as the request sends it as text (a JSON body); undefined without one, or for a form. */
export function bodyText(request: HarRequest): string | undefined {
  return request.postData && 'text' in request.postData ? request.postData.text : undefined;
}

/** One field of a form body; a file has `fileName` instead of a value. */
export interface HarPostParam {
  name: string;
  value?: string;
  fileName?: string;
}

/** A HAR 1.2 request (http://www.softwareishard.com/blog/har-12-spec/#request), the part samples need. */
export interface HarRequest {
  /** Upper case: `GET`, `POST`. */
  method: string;
  /**
   * Absolute (a server without a host on the description's address, else on `apiHostPlaceholder`), percent-encoded,
   * including the query string.
   */
  url: string;
  httpVersion: string;
  headers: HarNameValue[];
  /** The query string's parameters, decoded; the same ones `url` carries encoded. */
  queryString: HarNameValue[];
  cookies: HarNameValue[];
  /**
   * A JSON body as `text`; a form as `params` (a file field carries `fileName`), which the clients write as one; a
   * body of bytes as the `file` they are read from (not HAR's: each client's code is given the file's reading).
   */
  postData?:
    | { mimeType: string; text: string }
    | { mimeType: string; params: HarPostParam[] }
    | { mimeType: string; file: string };
  /** -1: unknown, as HAR allows; nothing has been sent. */
  headersSize: -1;
  /** Bytes of `postData.text` (UTF-8), 0 without a body, -1 (unknown) for a form or a file. */
  bodySize: number;
}

/** What to build the request for: another server than the operation's first, or a real key. */
export interface SampleOptions {
  /** Server whose URL (variables at their defaults) prefixes the path; the operation's first when absent. */
  server?: ApiServer;
  /**
   * The address the description is published at, which a server without a host (`/v1`, or none) is relative to;
   * without it such a server's samples send to `apiHostPlaceholder`.
   */
  descriptionUrl?: string;
  /** Replaces the `YOUR_API_KEY` placeholder in API-key credentials; samples never show a real key unless given one. */
  apiKey?: string;
  /**
   * A file next to the page holding the JSON body: every language reads it from there instead of writing it out,
   * for a body too long to repeat in four samples (the page shows it once).
   */
  bodyFile?: string;
}

/** What a sample shows instead of a credential. */
export const apiKeyPlaceholder = 'YOUR_API_KEY';

/** The generated languages, in tab order: which snippetz plugin writes each. */
export interface SampleTarget {
  id: string;
  label: string;
  language: string;
  plugin: Plugin;
}

/** curl, JavaScript fetch, Python requests and Go's net/http, in that order. */
export const sampleTargets: readonly SampleTarget[] = [
  { id: 'curl', label: 'curl', language: 'bash', plugin: shellCurl },
  { id: 'javascript', label: 'JavaScript', language: 'javascript', plugin: jsFetch },
  { id: 'python', label: 'Python', language: 'python', plugin: pythonRequests },
  { id: 'go', label: 'Go', language: 'go', plugin: goNative },
];

/**
 * Code samples for one operation: the generated ones, where the operation's
 * `x-codeSamples` replace a language or add others.
 */
export function codeSamples(model: ApiModel, operation: ApiOperation, options: SampleOptions = {}): CodeSample[] {
  const generated = sentByApi(operation)
    ? [webhookMessage(model, operation)]
    : options.bodyFile === undefined
      ? generatedSamples(harRequest(model, operation, options))
      : samplesReadingBody(harRequest(model, operation, options), options.bodyFile);
  return withHandWrittenSamples(generated, operation.codeSamples);
}

/** Stands for the body in the code until each language's way of reading the body file replaces it. */
const bodyStandIn = 'PST_BODY_FROM_FILE';

/**
 * Samples that send the JSON body from `file` instead of writing it out, each in its language's own way; a
 * request without a JSON body gets the ordinary samples.
 */
function samplesReadingBody(request: HarRequest, file: string): CodeSample[] {
  if (bodyText(request) === undefined || !request.postData) return generatedSamples(request);
  const standIn: HarRequest = { ...request, postData: { mimeType: request.postData.mimeType, text: bodyStandIn } };
  return generatedSamples(standIn).map((sample) => ({
    ...sample,
    code: readingBodyFile(sample.id, sample.code, file, 'text'),
  }));
}

/**
 * The code of a sample whose body is the stand-in text, made to send the file's content instead: as text (a JSON
 * body kept next to the page) or as bytes (a body of bytes). `file` is written as it is: the portal's own names,
 * or a plain path (example-request.ts).
 */
function readingBodyFile(id: string, code: string, file: string, as: 'text' | 'bytes'): string {
  switch (id) {
    case 'curl':
      // `--data @file` would drop the file's line breaks; `--data-binary` sends it as it is.
      return code.replace(new RegExp(`--data(?:-binary)? '${bodyStandIn}'`), `--data-binary @${file}`);
    case 'javascript':
      return `import { readFile } from 'node:fs/promises';\n\n${code.replace(`'${bodyStandIn}'`, `await readFile('${file}'${as === 'text' ? ", 'utf8'" : ''})`)}`;
    case 'python':
      return code.replace(new RegExp(`data=b?"${bodyStandIn}"`), `data=open("${file}", "rb")`);
    case 'go':
      return code
        .replace(
          new RegExp(`payload := strings\\.NewReader\\([\`"]${bodyStandIn}[\`"]\\)`),
          `payload, _ := os.Open("${file}")`,
        )
        .replace('\t"strings"\n', '\t"os"\n');
    default:
      return code;
  }
}

/** Where a webhook's sample says it arrives: the reader's own server, which the description cannot know. */
export const webhookTarget = { host: 'your-server.example', path: '/your-webhook-url' };

/** Where a callback's sample says it arrives: the URL the reader gave in the request that triggered it. */
export const callbackTarget = { host: 'your-server.example', path: '/your-callback-url' };

/**
 * A webhook or callback is not called, it is received: its sample is the HTTP message the API sends to the
 * reader's server (method, header parameters, content type and the example payload), not code that sends it.
 */
function webhookMessage(model: ApiModel, operation: ApiOperation): CodeSample {
  const example = exampleRequest(model.schemaResolver, operation);
  const target = operation.callback ? callbackTarget : webhookTarget;
  const lines = [`${operation.method.toUpperCase()} ${target.path} HTTP/1.1`, `Host: ${target.host}`];
  for (const parameter of example.parameters) {
    if (parameter.in !== 'header' || parameter.value === undefined || !isHeaderName(parameter.name)) continue;
    if (ignoredHeaderParameters.has(parameter.name.toLowerCase())) continue;
    lines.push(`${parameter.name}: ${simpleStyle(parameter.value).replace(headerBreakers, ' ')}`);
  }
  // A body of bytes is not written out: the message names its type.
  const body =
    example.body && example.body.file === undefined
      ? messageBody(example.body.mediaType, example.body.value)
      : undefined;
  if (example.body) lines.push(`Content-Type: ${example.body.mediaType}`);
  return {
    id: 'http',
    label: 'HTTP',
    language: 'http',
    code: body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${body}`,
    source: 'generated',
  };
}

/**
 * A payload as the message carries it: JSON as JSON, a URL-encoded form encoded. A multipart one would need a boundary
 * and parts, so its fields are not written out.
 */
function messageBody(mediaType: string, value: unknown): string | undefined {
  const essence = mediaTypeEssence(mediaType);
  if (essence === 'multipart/form-data') return undefined;
  if (essence !== 'application/x-www-form-urlencoded') return JSON.stringify(value, null, 2);
  return encodeQuery(formParams(value, {}).map(({ name, value = '' }) => ({ name, value })));
}

// ─── operation → HAR ────────────────────────────────────────────────────────

/**
 * The request a reader would send to try the operation (example-request.ts: the parameters and body the
 * console sends too), on the first server, with a placeholder credential.
 */
export function harRequest(model: ApiModel, operation: ApiOperation, options: SampleOptions = {}): HarRequest {
  const headers = new Map<string, HarNameValue>();
  const setHeader = (name: string, value: string): void => {
    // A header name or value from the description must not be able to start a
    // new header line or, in curl, read a file (`--header @file`).
    if (!isHeaderName(name)) return;
    headers.set(name.toLowerCase(), { name, value: value.replace(headerBreakers, ' ') });
  };
  const queryString: HarNameValue[] = [];
  const cookies: HarNameValue[] = [];

  const example = exampleRequest(model.schemaResolver, operation);
  let postData: HarRequest['postData'];
  const { body } = example;
  if (body && isFormMediaType(body.mediaType)) {
    // The clients match the bare type (`; charset=…` and capitals aside). A multipart Content-Type names a boundary
    // only the client knows, so the client writes it; a URL-encoded one is set here (Go's client sets none).
    const mimeType = mediaTypeEssence(body.mediaType);
    postData = { mimeType, params: formParams(body.value, body.files ?? {}) };
    if (mimeType === 'application/x-www-form-urlencoded') setHeader('Content-Type', mimeType);
  } else if (body?.file !== undefined) {
    postData = { mimeType: body.mediaType, file: body.file };
    setHeader('Content-Type', body.mediaType);
  } else if (body) {
    postData = { mimeType: body.mediaType, text: JSON.stringify(body.value, null, 2) };
    setHeader('Content-Type', body.mediaType);
  }

  let path = operation.path;
  for (const parameter of example.parameters) {
    const { value } = parameter;
    if (value === undefined) continue;
    if (parameter.in === 'path') {
      path = path.replaceAll(`{${parameter.name}}`, encodeStrictly(simpleStyle(value)));
    } else if (parameter.in === 'query') {
      queryString.push(...formStyle(parameter.name, value));
    } else if (parameter.in === 'header' && !ignoredHeaderParameters.has(parameter.name.toLowerCase())) {
      setHeader(parameter.name, simpleStyle(value));
    } else if (parameter.in === 'cookie') {
      cookies.push({ name: parameter.name, value: simpleStyle(value) });
    }
  }

  // The first alternative is what the operation asks for first; an empty one means "no credentials".
  for (const { scheme } of operation.security[0]?.schemes ?? []) {
    const credential = credentialFor(scheme, options.apiKey);
    if (!credential) continue;
    if (credential.in === 'header') setHeader(credential.name, credential.value);
    else if (credential.in === 'query') queryString.push({ name: credential.name, value: credential.value });
    else cookies.push({ name: credential.name, value: credential.value });
  }

  const server = options.server ?? operation.servers[0] ?? model.servers[0];
  const query = encodeQuery(queryString);
  const url = safeUrl(`${serverAddress(server, options.descriptionUrl)}${path}${query ? `?${query}` : ''}`);
  const request: HarRequest = {
    method: operation.method.toUpperCase(),
    url,
    httpVersion: 'HTTP/1.1',
    headers: [...headers.values()],
    queryString,
    cookies,
    headersSize: -1,
    bodySize: !postData ? 0 : 'text' in postData ? new TextEncoder().encode(postData.text).length : -1,
  };
  if (postData) request.postData = postData;
  return request;
}

/**
 * A form's fields as HAR params, in order: a list is one field per item (as a browser sends a multiple select),
 * an object its JSON, a file its name.
 */
function formParams(value: unknown, files: Readonly<Record<string, string>>): HarPostParam[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, field]): HarPostParam[] => {
    const fileName = files[name];
    if (fileName !== undefined) return [{ name, fileName }];
    const items = Array.isArray(field) ? field : [field];
    return items.map((item) => ({ name, value: typeof item === 'string' ? item : JSON.stringify(item) }));
  });
}

/** OpenAPI 3.0 says header parameters with these names are ignored: other fields describe them. */
const ignoredHeaderParameters = new Set(['accept', 'content-type', 'authorization']);

/** Control characters (tab aside) are not allowed in a header value; CR and LF would smuggle in a header. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const headerBreakers = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/** An HTTP token (RFC 9110): anything else is not a header name a client would send. */
function isHeaderName(name: string): boolean {
  return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name);
}

/** Where a scheme's credential goes and the placeholder it carries; undefined for schemes a sample cannot show. */
function credentialFor(
  scheme: ApiSecurityScheme,
  apiKey: string | undefined,
): { in: 'header' | 'query' | 'cookie'; name: string; value: string } | undefined {
  if (scheme.type === 'apiKey' && scheme.apiKey) {
    return { in: scheme.apiKey.in, name: scheme.apiKey.name, value: apiKey ?? apiKeyPlaceholder };
  }
  if (scheme.type === 'http' && scheme.httpScheme?.toLowerCase() === 'bearer') {
    return { in: 'header', name: 'Authorization', value: 'Bearer YOUR_TOKEN' };
  }
  if (scheme.type === 'http' && scheme.httpScheme?.toLowerCase() === 'basic') {
    return { in: 'header', name: 'Authorization', value: 'Basic YOUR_CREDENTIALS' };
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    return { in: 'header', name: 'Authorization', value: 'Bearer YOUR_ACCESS_TOKEN' };
  }
  return undefined;
}

/** A value as text, the way OpenAPI's `simple` style writes path and header parameters. */
function simpleStyle(value: unknown): string {
  if (Array.isArray(value)) return value.map(scalarText).join(',');
  if (isPlainObject(value)) return Object.entries(value).flat().map(scalarText).join(',');
  return scalarText(value);
}

/** Query pairs in OpenAPI's default `form` style with `explode`: one pair per item or property. */
function formStyle(name: string, value: unknown): HarNameValue[] {
  if (Array.isArray(value)) return value.map((item) => ({ name, value: scalarText(item) }));
  if (isPlainObject(value)) return Object.entries(value).map(([key, item]) => ({ name: key, value: scalarText(item) }));
  return [{ name, value: scalarText(value) }];
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Percent-encodes everything but RFC 3986's unreserved characters. Plain
 * `encodeURIComponent` keeps `'`, which would close the quotes around a URL
 * in the JavaScript and shell samples.
 */
function encodeStrictly(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function encodeQuery(pairs: readonly HarNameValue[]): string {
  return pairs.map(({ name, value }) => `${encodeStrictly(name)}=${encodeStrictly(value)}`).join('&');
}

/**
 * The URL with anything outside RFC 3986's characters percent-encoded, and
 * `'` too. Server URLs and path templates come from the description as
 * written, and some snippetz clients paste the URL into a quoted string
 * without escaping it.
 */
function safeUrl(url: string): string {
  return url.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&()*+,;=%]+/g, (run) => encodeURI(run).replaceAll("'", '%27'));
}

// ─── HAR → code ─────────────────────────────────────────────────────────────

/** One sample per target, in `sampleTargets` order. Pure: the same request always gives the same code. */
export function generatedSamples(request: HarRequest, targets: readonly SampleTarget[] = sampleTargets): CodeSample[] {
  const file = request.postData && 'file' in request.postData ? request.postData.file : undefined;
  return targets.map((target) => {
    const adapted = forClient(target, request);
    const code = finish(target, adapted, target.plugin.generate(adapted));
    return {
      id: target.id,
      label: target.label,
      language: target.language,
      code: file === undefined ? code : readingBodyFile(target.id, code, file, 'bytes'),
      source: 'generated',
    };
  });
}

/**
 * The request as each snippetz client wants it. Clients append `queryString`
 * to the URL raw (unencoded: a `#` or `&` in a value would change the
 * request), so they get the encoded URL and no list. Python's requests
 * encodes a `params` dict itself, so it gets the list and the bare URL.
 * fetch puts cookies in a `Set-Cookie` request header, which means nothing
 * to a server, so they travel as `Cookie` instead.
 */
function forClient(target: SampleTarget, request: HarRequest): ClientRequest {
  const { postData, ...rest } = request;
  // A body of bytes: snippetz writes only bodies it is given as text, and only an `application/octet-stream` one in
  // every language (Python's requests drops an `application/x-tar` one). It gets the stand-in as that, and the code
  // is then made to read the file (`readingBodyFile`); the Content-Type header keeps the media type.
  const body = postData && 'file' in postData ? { mimeType: 'application/octet-stream', text: bodyStandIn } : postData;
  const written: ClientRequest = body ? { ...rest, postData: body } : rest;
  const query = encodeQuery(request.queryString);
  if (target.plugin === pythonRequests && query && request.url.endsWith(`?${query}`)) {
    return { ...written, url: request.url.slice(0, -(query.length + 1)) };
  }
  const adapted: ClientRequest = { ...written, queryString: [] };
  if (target.plugin === jsFetch && request.cookies.length > 0) {
    const cookie = request.cookies.map((c) => `${encodeURIComponent(c.name)}=${encodeURIComponent(c.value)}`);
    adapted.headers = [...request.headers, { name: 'Cookie', value: cookie.join('; ') }];
    adapted.cookies = [];
  }
  return adapted;
}

/** A request as a snippetz client takes it: HAR's, its body as text or form fields. */
type ClientRequest = Omit<HarRequest, 'postData'> & {
  postData?: Exclude<NonNullable<HarRequest['postData']>, { file: string }>;
};

/** Small repairs to what a client writes, each for code a reader would otherwise have to fix before running. */
function finish(target: SampleTarget, request: ClientRequest, code: string): string {
  if (target.plugin === pythonRequests) return `import requests\n\n${withPythonLiterals(code, request)}`;
  // gofmt removes the blank line snippetz leaves before the closing brace.
  if (target.plugin === goNative) return code.replace(/\n\n\}$/, '\n}');
  return code;
}

/**
 * snippetz turns JSON into Python by replacing `: true,`-like text, which
 * also rewrites those words inside strings (a header "a: true, b" becomes
 * "a: True, b") and misses a bare `true` body. Its keyword arguments each
 * start a line with four spaces (JSON strings cannot hold a line break), so
 * every dict or body argument is written again here from the request itself.
 */
function withPythonLiterals(code: string, request: HarRequest): string {
  const values = pythonArguments(request);
  return code.replace(/^ {4}(headers|params|cookies|json)=[\s\S]*?(?=,\n {4}\w+=|\n\)$)/gm, (written, name: string) => {
    const value = values.get(name);
    return value === undefined ? written : `    ${name}=${pythonLiteral(value.value, 2)}`;
  });
}

/** The values snippetz's requests client passes as keyword arguments, built the way it builds them. */
function pythonArguments(request: HarRequest): Map<string, { value: unknown }> {
  const values = new Map<string, { value: unknown }>();
  // Maps, then own properties: a header named `__proto__` must stay a header.
  const headers = new Map<string, string>();
  for (const { name, value } of request.headers) if (!headers.has(name)) headers.set(name, value);
  values.set('headers', { value: Object.fromEntries(headers) });
  // A repeated query parameter becomes a list, which requests sends as repeated pairs.
  const params = new Map<string, string | string[]>();
  for (const { name, value } of request.queryString) {
    const earlier = params.get(name);
    params.set(name, earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]);
  }
  values.set('params', { value: Object.fromEntries(params) });
  values.set('cookies', { value: Object.fromEntries(request.cookies.map((c) => [c.name, c.value])) });
  const text = bodyText(request);
  if (request.postData?.mimeType === 'application/json' && text !== undefined) {
    try {
      values.set('json', { value: JSON.parse(text) });
    } catch {
      // Not JSON after all: snippetz sends it as `data=` text, which needs no repair.
    }
  }
  return values;
}

/** A JSON value as a Python literal, laid out like JSON with two-space indents (JSON strings are valid Python). */
export function pythonLiteral(value: unknown, depth = 0): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  if (typeof value !== 'object') return JSON.stringify(value);
  const inner = '  '.repeat(depth + 1);
  const outer = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, depth + 1)}`).join(',\n')}\n${outer}]`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, depth + 1)}`);
  return `{\n${lines.join(',\n')}\n${outer}}`;
}

// ─── x-codeSamples ──────────────────────────────────────────────────────────

/** Common names for the generated languages, as authors write them in `x-codeSamples`. */
const languageAliases: Record<string, string> = {
  shell: 'bash',
  sh: 'bash',
  curl: 'bash',
  bash: 'bash',
  js: 'javascript',
  node: 'javascript',
  nodejs: 'javascript',
  javascript: 'javascript',
  py: 'python',
  python: 'python',
  python3: 'python',
  go: 'go',
  golang: 'go',
};

/**
 * A `lang` as written → the language's usual id (lower case, common names folded: `sh` → `bash`). Which ids
 * can be highlighted is the renderer's business: it shows plain text for one it does not know.
 */
export function languageOf(lang: string): string {
  const key = lang.trim().toLowerCase() || 'text';
  return languageAliases[key] ?? key;
}

/**
 * Hand-written samples win: the first `x-codeSamples` entry in a generated
 * language replaces that tab (keeping its place); every other entry is added
 * after the generated ones, in the order written.
 */
export function withHandWrittenSamples(
  generated: readonly CodeSample[],
  handWritten: readonly ApiCodeSample[],
): CodeSample[] {
  const samples = [...generated];
  const extras: ApiCodeSample[] = [];
  for (const entry of handWritten) {
    const language = languageOf(entry.lang);
    // Only a still-generated tab can be replaced, so a second entry in the same language is added, not lost.
    const index = samples.findIndex((s) => s.source === 'generated' && s.language === language);
    const target = samples[index];
    if (target) {
      samples[index] = {
        id: target.id,
        label: entry.label ?? target.label,
        language,
        code: entry.source,
        source: 'x-codeSamples',
      };
    } else {
      extras.push(entry);
    }
  }
  const nextId = uniqueSlugs();
  for (const sample of samples) nextId(sample.id);
  for (const entry of extras) {
    samples.push({
      id: nextId(entry.lang),
      label: entry.label ?? entry.lang,
      language: languageOf(entry.lang),
      code: entry.source,
      source: 'x-codeSamples',
    });
  }
  return samples;
}
