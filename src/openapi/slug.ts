/**
 * An identifier's words apart, joined by `separator`: `getPetByID` → `get Pet By ID`. An acronym before a word
 * splits from it (`HTTPServer`), but not from its plural (`APIs`).
 */
export function separateWords(text: string, separator: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, `$1${separator}$2`)
    .replace(/([A-Z]+)([A-Z](?!s\b)[a-z])/g, `$1${separator}$2`);
}

/**
 * A slug's longest length. Slugs are file and folder names (a page is `<tag slug>/<operation slug>/index.html`),
 * which most file systems limit to 255 bytes; this leaves room for the `-2` of `uniqueSlugs` and the `-tag` of
 * reserved names, and keeps URLs readable.
 */
export const maxSlugLength = 100;

/**
 * URL-safe names for pages: `getPetDetails` → `get-pet-details`, `Pet records` → `pet-records`. A slug longer than
 * `maxSlugLength` is cut at a word boundary and ends with a hash of the whole name, so that it stays distinct and
 * the same from build to build.
 */
export function slugify(text: string): string {
  const slug = separateWords(text, '-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // Names written only in other scripts still need a stable, distinct slug.
  if (slug === '') return `x${hash(text)}`;
  return slug.length <= maxSlugLength ? slug : shortened(slug, hash(text));
}

/** The slug's words that fit, then `-` and the hash; a word longer than half the room is cut where the room ends. */
function shortened(slug: string, tag: string): string {
  const room = maxSlugLength - tag.length - 1;
  const head = slug.slice(0, room + 1);
  const boundary = head.lastIndexOf('-');
  const kept = boundary >= room / 2 ? head.slice(0, boundary) : head.slice(0, room);
  return `${kept.replace(/-+$/, '')}-${tag}`;
}

/** Hands out slugs, adding `-2`, `-3` … so that no two things share one. */
export function uniqueSlugs(): (text: string) => string {
  const used = new Set<string>();
  return (text) => {
    const base = slugify(text);
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}

function hash(text: string): string {
  let h = 0x811c9dc5;
  for (const char of text) {
    h ^= char.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
