/** src/reference/shared/runtime-expressions.ts: a callback's URL and a link's parameters, said in words. */
import { describe, expect, it } from 'vitest';
import { callbackDestination, expressionWords, type Phrase } from '../../src/reference/shared/runtime-expressions.ts';

/** The phrases as one line, with names in backticks as the page shows them in code. */
const said = (phrases: Phrase[]) => phrases.map((p) => ('code' in p ? `\`${p.code}\`` : p.text)).join('');

describe('where a callback goes', () => {
  it.each([
    ['{$request.body#/callbackUrl}', 'the URL in the request body’s `callbackUrl` field'],
    ['{$request.body#/hooks/on~1done}', 'the URL in the request body’s `hooks.on/done` field'],
    ['{$request.query.notify}', 'the URL in the request’s `notify` query parameter'],
    ['{$request.header.X-Notify-Url}', 'the URL in the request’s `X-Notify-Url` header'],
    ['{$request.path.target}', 'the URL in the request’s `target` path parameter'],
    ['https://example.com/hook?id={$request.body#/id}', 'the URL `https://example.com/hook?id={$request.body#/id}`'],
  ])('%s: %s', (url, words) => {
    expect(said(callbackDestination(url))).toBe(words);
  });
});

describe('a link parameter', () => {
  it.each([
    ['$response.body#/id', 'the response body’s `id` field'],
    ['$response.body', 'the response body'],
    ['$response.header.Location', 'the response’s `Location` header'],
    ['$request.path.eventId', 'the request’s `eventId` path parameter'],
    ['$statusCode', 'the response’s status code'],
    [42, '`42`'],
  ])('%s: %s', (expression, words) => {
    expect(said(expressionWords(expression))).toBe(words);
  });
});
