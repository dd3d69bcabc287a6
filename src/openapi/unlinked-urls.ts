/**
 * URLs the description gives that the pages do not make links of (`linkableUrl`: only http(s) and mailto URLs are
 * linked), reported rather than dropped silently: one warning per kind of field, at the first place (formatProblems
 * turns the pointer into file:line), with how many places in all. A URL the schema check has already warned about
 * ("… is not a URL; it is not made a link") is not reported again.
 */

import { escapeSegment, isRecord } from './json-pointer.ts';
import type { ApiModel } from './model.ts';
import { linkableUrl } from './safe-url.ts';
import type { SpecProblem } from './spec-problem.ts';
import { describeValue } from './validate.ts';

/** A kind of URL field: the field for one place and for several, and what the page shows instead of a link. */
interface UrlKind {
  one: string;
  several: string;
  instead: string;
}

const kinds = {
  root: {
    one: "The description's `externalDocs.url`",
    several: '',
    instead: 'it is not made a link, and relative links in descriptions are not resolved against it',
  },
  contact: { one: '`info.contact.url`', several: '', instead: 'the contact is shown as text, not a link' },
  license: { one: '`info.license.url`', several: '', instead: 'the license is shown as text, not a link' },
  tag: {
    one: "A tag's `externalDocs.url`",
    several: "tags' `externalDocs.url`",
    instead: 'it is shown as text, not a link',
  },
  operation: {
    one: "An operation's `externalDocs.url`",
    several: "operations' `externalDocs.url`",
    instead: 'it is shown as text, not a link',
  },
  security: {
    one: 'A security scheme’s URL',
    several: 'security schemes’ URLs',
    instead: 'it is shown as text, not a link',
  },
} satisfies Record<string, UrlKind>;

/** Every URL field the pages would link, with where it is written. */
function urlFields(model: ApiModel, document: Record<string, unknown>) {
  const fields: { kind: keyof typeof kinds; pointer: string; url: string }[] = [];
  const add = (kind: keyof typeof kinds, pointer: string, url: unknown) => {
    if (typeof url === 'string') fields.push({ kind, pointer, url });
  };
  if (isRecord(document.externalDocs)) add('root', '/externalDocs/url', document.externalDocs.url);
  add('contact', '/info/contact/url', model.info.contact?.url);
  add('license', '/info/license/url', model.info.license?.url);
  const written = Array.isArray(document.tags) ? document.tags : [];
  for (const tag of model.tags) {
    const index = written.findIndex((t) => isRecord(t) && t.name === tag.name);
    if (tag.externalDocs && index >= 0) add('tag', `/tags/${index}/externalDocs/url`, tag.externalDocs.url);
  }
  for (const operation of model.operations) {
    add('operation', `${operation.pointer}/externalDocs/url`, operation.externalDocs?.url);
  }
  for (const scheme of model.securitySchemes) {
    const at = `/components/securitySchemes/${escapeSegment(scheme.key)}`;
    add('security', `${at}/openIdConnectUrl`, scheme.openIdConnectUrl);
    for (const flow of scheme.oauthFlows ?? []) {
      for (const key of ['authorizationUrl', 'deviceAuthorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
        add('security', `${at}/flows/${escapeSegment(flow.flow)}/${key}`, flow[key]);
      }
    }
  }
  return fields;
}

/** One warning per kind of field for the URLs that are not made links; `warned`: pointers already warned about. */
export function unlinkedUrlWarnings(
  model: ApiModel,
  document: Record<string, unknown>,
  warned: ReadonlySet<string>,
): SpecProblem[] {
  const byKind = new Map<keyof typeof kinds, { pointer: string; url: string; count: number }>();
  for (const { kind, pointer, url } of urlFields(model, document)) {
    if (linkableUrl(url) !== undefined || warned.has(pointer)) continue;
    const seen = byKind.get(kind);
    if (seen) seen.count++;
    else byKind.set(kind, { pointer, url, count: 1 });
  }
  return [...byKind].map(([kind, { pointer, url, count }]) => {
    const { one, several, instead } = kinds[kind];
    const why = 'only http(s) and mailto URLs are made links';
    return {
      severity: 'warning',
      pointer,
      message:
        count === 1
          ? `${one} is ${describeValue(url)}; ${instead}: ${why}.`
          : `${count} ${several} are not http(s) or mailto URLs, such as ${describeValue(url)} here; they are shown as text, not links: ${why}.`,
      hint: 'Write the full http(s) address (https://…), with any space written %20.',
    };
  });
}
