/**
 * Where a callback is sent, in words. A callback's URL is a runtime expression naming a part of the request that
 * triggered it (`{$request.body#/callbackUrl}`): the caller chose the URL, so the page says where they put it.
 */

/** Text, or a name shown as code. */
export type Phrase = { text: string } | { code: string };

const wholeExpression = /^\{\$request\.(body#|query\.|header\.|path\.)(.+)\}$/;

/** "the URL in the request body's `callbackUrl` field", or the expression itself as code where it is not one part. */
export function callbackDestination(url: string): Phrase[] {
  const match = wholeExpression.exec(url);
  if (!match) return [{ text: 'the URL ' }, { code: url }];
  const [, source, name = ''] = match;
  switch (source) {
    case 'body#': {
      const field = name
        .split('/')
        .filter(Boolean)
        .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
        .join('.');
      return field
        ? [{ text: "the URL in the request body's " }, { code: field }, { text: ' field' }]
        : [{ text: 'the URL the request body is' }];
    }
    case 'query.':
      return [{ text: 'the URL in the request’s ' }, { code: name }, { text: ' query parameter' }];
    case 'header.':
      return [{ text: 'the URL in the request’s ' }, { code: name }, { text: ' header' }];
    default:
      return [{ text: 'the URL in the request’s ' }, { code: name }, { text: ' path parameter' }];
  }
}
