/**
 * Links in a description's Markdown that are relative (`/docs/…`, `../x`) or anchors (`#create-a-runner`) were
 * written for the API vendor's own site: on the portal they would resolve against the portal and lead nowhere
 * (a description defines no anchors of its own but its footnotes', `#user-content-…`). This finds them, so the build can
 * say how many there are and where the first is; the pages resolve them against a base (the description's
 * `externalDocs.url`, or PETSTORE_LINK_BASE) or, without one, show them as text.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import type { SpecProblem } from './spec-problem.ts';

/**
 * A fragment in the form another docs tool writes links to its own pages: Redoc's `#tag/…` and `#operation/…`,
 * Swagger UI's `#/Tag/operationId`, Scalar's `#tag/…/POST/path` and `#model/…`, and `#schema/…`. A site that moved
 * keeps them in its descriptions; the portal sends them to the page they mean (reference/site-lists/deep-links.ts).
 */
export const savedLinkFragment = /^#(?:\/[^/]|tag\/|operation\/|model\/|schema\/)/;

/** An inline Markdown link or image target, or an HTML href. */
const linkTargets = /\]\(\s*<?([^)\s>]+)|\shref\s*=\s*["']([^"']+)["']/g;

/**
 * Whether a link target was written for another site: a path without a site (`/docs/x`, `x.html`, `../y`) or
 * an anchor the description does not define (every one but its footnotes', `#user-content-…`).
 */
export function isRelativeLink(target: string): boolean {
  if (target.startsWith('#')) return target.length > 1 && !target.startsWith('#user-content-');
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('//');
}

/**
 * The site relative links can be resolved against: an http(s) URL that parses (`https://exa mple.com/docs` does
 * not, and resolving against it would throw), else undefined.
 */
export function linkBaseOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^https?:\/\/[^/]/i.test(value) && URL.canParse(value) ? value : undefined;
}

/** One warning for every relative link in descriptions and summaries, with a count and the first place. */
export function relativeLinkWarning(document: unknown, base: string | undefined): SpecProblem[] {
  let count = 0;
  let first: { pointer: string; target: string } | undefined;
  const visit = (value: unknown, pointer: string): void => {
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) visit(item, `${pointer}/${i}`);
      return;
    }
    if (!isRecord(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      const at = `${pointer}/${escapeSegment(key)}`;
      if ((key === 'description' || key === 'summary') && typeof inner === 'string') {
        for (const match of inner.matchAll(linkTargets)) {
          const target = match[1] ?? match[2] ?? '';
          // A link in another docs tool's form is taken to the page it means (reference/site-lists/deep-links.ts).
          if (!isRelativeLink(target) || savedLinkFragment.test(target)) continue;
          count++;
          first ??= { pointer: at, target };
        }
      } else visit(inner, at);
    }
  };
  visit(document, '');
  if (!first) return [];
  const links =
    count === 1
      ? `1 link in a description is relative (a path or an anchor of another site)`
      : `${count} links in descriptions are relative (paths or anchors of another site)`;
  const externalDocs = isRecord(document) ? document.externalDocs : undefined;
  const unusable = base === undefined && isRecord(externalDocs) ? externalDocs.url : undefined;
  if (typeof unusable === 'string' && linkBaseOf(unusable) === undefined) {
    return [
      {
        severity: 'warning',
        pointer: first.pointer,
        message: `${links}, such as "${first.target}" here; externalDocs.url, "${unusable}", is not a URL they can be resolved against, so they are shown as text.`,
        hint: 'Correct externalDocs.url (an absolute http(s) URL, with any space written %20), or set PETSTORE_LINK_BASE to the address of the site the links belong to.',
      },
    ];
  }
  return [
    base
      ? {
          severity: 'warning',
          pointer: first.pointer,
          message: `${links}, such as "${first.target}" here; they are resolved against ${base}.`,
        }
      : {
          severity: 'warning',
          pointer: first.pointer,
          message: `${links}, such as "${first.target}" here; with no site to resolve them against, they are shown as text.`,
          hint: "Give the description an externalDocs.url on the site they belong to, or set PETSTORE_LINK_BASE to that site's address (the portal's own, if they point into it).",
        },
  ];
}
