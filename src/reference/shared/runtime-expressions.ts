/**
 * OpenAPI's runtime expressions in words. A callback's URL (`{$request.body#/callbackUrl}`) and a link's
 * parameters (`$response.body#/id`) name a part of a request or response: the page says which part.
 */
import { fromPointer } from '../../openapi/index.ts';

/** Text, or a name shown as code. */
export type Phrase = { text: string } | { code: string };

const partOf = /^\$(request|response)\.(body|query|header|path)(?:([.#])(.*))?$/;

/**
 * "the response body's `id` field", "the request's `X-Key` header"; a constant as code; anything else (a URL
 * with expressions inside, say) as written, in code.
 */
export function expressionWords(expression: unknown): Phrase[] {
  if (typeof expression !== 'string') return [{ code: JSON.stringify(expression) ?? String(expression) }];
  const inner = /^\{([^{}]+)\}$/.exec(expression)?.[1] ?? expression;
  if (inner === '$url') return [{ text: 'the request’s URL' }];
  if (inner === '$method') return [{ text: 'the request’s method' }];
  if (inner === '$statusCode') return [{ text: 'the response’s status code' }];
  const match = partOf.exec(inner);
  if (!match) return [{ code: expression }];
  const [, message = '', part = '', separator, name = ''] = match;
  if (part === 'body') {
    if (separator === undefined) return [{ text: `the ${message} body` }];
    if (separator !== '#') return [{ code: expression }];
    const field = fromPointer(`/${name.replace(/^\//, '')}`)
      .filter(Boolean)
      .join('.');
    return field
      ? [{ text: `the ${message} body’s ` }, { code: field }, { text: ' field' }]
      : [{ text: `the ${message} body` }];
  }
  if (separator !== '.' || !name) return [{ code: expression }];
  const kind = part === 'query' ? 'query parameter' : part === 'path' ? 'path parameter' : 'header';
  return [{ text: `the ${message}’s ` }, { code: name }, { text: ` ${kind}` }];
}

/** Where a callback goes: "the URL in the request body's `callbackUrl` field", or its URL as written. */
export function callbackDestination(url: string): Phrase[] {
  const words = expressionWords(url);
  const [only] = words;
  return words.length === 1 && only !== undefined && 'code' in only
    ? [{ text: 'the URL ' }, only]
    : [{ text: 'the URL in ' }, ...words];
}
