/** What a media type is, as samples and examples need to know it. */

/** A form: `multipart/form-data` or `application/x-www-form-urlencoded`, whose body is a set of named fields. */
export function isFormMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'multipart/form-data' || essence === 'application/x-www-form-urlencoded';
}

/** `application/json`, or a `+json` type (`application/problem+json`), parameters aside. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
}
