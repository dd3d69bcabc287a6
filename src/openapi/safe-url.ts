/**
 * URLs from the description (contact, license, external docs, OAuth and OpenID Connect addresses) become links
 * only when they are http(s) or mailto, and URLs as the OpenAPI schema's `uri` format has them; anything else
 * (`javascript:`, `data:`, `vbscript:`, obfuscated forms, a space or a brace in the path) is shown as text.
 * The format is the very check the validator runs (ajv-formats), so a URL it warns about as "not a URL; it is not
 * made a link" is not linked, and `unlinkedUrlWarnings` names the rest.
 */
import formats from 'ajv-formats';

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
// Through the package's entry point (its `get`), not a path into its dist/ files.
const uriFormat = formats.get('uri');

function isUri(text: string): boolean {
  if (typeof uriFormat === 'function') return uriFormat(text) === true;
  if (uriFormat instanceof RegExp) return uriFormat.test(text);
  throw new Error('ajv-formats no longer checks `uri` with a function or a pattern');
}

/** The URL to link to, or undefined when `url` is to be shown as text. */
export function linkableUrl(url: string | undefined): string | undefined {
  if (!url || !isUri(url)) return undefined;
  try {
    const parsed = new URL(url);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
