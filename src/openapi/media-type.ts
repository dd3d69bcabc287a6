/** What a media type is, as samples and examples need to know it. */

/** `application/json`, or a `+json` type (`application/problem+json`), parameters aside. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
}
