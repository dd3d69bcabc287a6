/** What a media type is, as samples and examples need to know it. */

/** The type without its parameters, lower case: `Application/JSON; charset=utf-8` → `application/json`. */
export function mediaTypeEssence(mediaType: string): string {
  return mediaType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** A form: `multipart/form-data` or `application/x-www-form-urlencoded`, whose body is a set of named fields. */
export function isFormMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === 'multipart/form-data' || essence === 'application/x-www-form-urlencoded';
}

/** `application/json`, or a `+json` type (`application/problem+json`), parameters aside. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaTypeEssence(mediaType);
  return essence === 'application/json' || /^application\/[^/]+\+json$/.test(essence);
}
