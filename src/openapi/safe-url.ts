/**
 * URLs from the description (contact, license, external docs) become links
 * only when they are http(s) or mailto; anything else (`javascript:`,
 * `data:`, `vbscript:`, obfuscated forms) is shown as text. Parsing with URL
 * strips the whitespace and control characters browsers ignore in a scheme.
 */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

export function linkableUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url.trim());
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
