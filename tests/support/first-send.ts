/**
 * The request the live console's first Send makes for an operation, with nothing typed: the page's example request
 * (path, query, header and cookie values, the body), and a credential of the form the operation's first security
 * requirement declares, holding `key` (the personal key the console fills in).
 */
import {
  type ApiOperation,
  type ApiSecurityScheme,
  exampleRequest,
  isJsonMediaType,
  type SchemaResolver,
} from '../../src/openapi/index.ts';

export interface SentRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

export function firstSend(schemas: SchemaResolver, operation: ApiOperation, key: string): SentRequest {
  const example = exampleRequest(schemas, operation);
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const parameter of example.parameters) {
    if (parameter.value === undefined) continue;
    const text = Array.isArray(parameter.value)
      ? parameter.value.map(String).join(',')
      : typeof parameter.value === 'object' && parameter.value !== null
        ? JSON.stringify(parameter.value)
        : String(parameter.value);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    else if (parameter.in === 'query') query.set(parameter.name, text);
    else if (parameter.in === 'header') headers[parameter.name] = text;
    else cookies.push(`${parameter.name}=${encodeURIComponent(text)}`);
  }
  for (const { scheme } of operation.security[0]?.schemes ?? []) {
    credential(scheme, key, headers, query, cookies);
  }
  if (cookies.length > 0) headers.Cookie = cookies.join('; ');
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  // A Content-Type the description makes a header parameter (Docker's `Content-type`) is the one sent.
  const typeParameter = Object.keys(headers).find((name) => name.toLowerCase() === 'content-type');
  const sent = example.body;
  if (sent && isJsonMediaType(sent.mediaType)) {
    body = JSON.stringify(sent.value);
    headers['Content-Type'] = sent.mediaType;
  } else if (sent?.mediaType === 'application/x-www-form-urlencoded') {
    body = new URLSearchParams(
      Object.entries(sent.value as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    ).toString();
    headers['Content-Type'] = sent.mediaType;
  } else if (sent) {
    body = 'field=value';
    headers['Content-Type'] =
      sent.mediaType === 'multipart/form-data' ? 'multipart/form-data; boundary=x' : sent.mediaType;
    if (sent.mediaType === 'multipart/form-data') {
      body = '--x\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue\r\n--x--\r\n';
    }
  } else if (operation.requestBody?.content[0]) {
    // A body of another media type (a file upload): a few bytes of it.
    body = new Uint8Array([1, 2, 3]);
    headers['Content-Type'] = operation.requestBody.content[0].mediaType.replace('*', 'octet-stream');
  }
  if (typeParameter && typeParameter !== 'Content-Type') delete headers['Content-Type'];
  return {
    method: operation.method.toUpperCase(),
    url: `${path}${query.size > 0 ? `?${query}` : ''}`,
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}

function credential(
  scheme: ApiSecurityScheme,
  key: string,
  headers: Record<string, string>,
  query: URLSearchParams,
  cookies: string[],
): void {
  if (scheme.apiKey) {
    if (scheme.apiKey.in === 'header') headers[scheme.apiKey.name] = key;
    else if (scheme.apiKey.in === 'query') query.set(scheme.apiKey.name, key);
    else cookies.push(`${scheme.apiKey.name}=${key}`);
  } else if (scheme.type === 'http' && scheme.httpScheme?.toLowerCase() === 'basic') {
    headers.Authorization = `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;
  } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    headers.Authorization = `Bearer ${key}`;
  }
}
