/** JSON pointers (RFC 6901): how problems and `$ref`s name a place in the document. */

/** Path segments → `/a/b~1c`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${escapeSegment(String(s))}`).join('');
}

/** One segment made safe for a pointer: `~` → `~0`, `/` → `~1`. */
export function escapeSegment(segment: string): string {
  // Most segments need nothing, and looking costs far less than replacing: a large description has millions.
  return segment.includes('~') || segment.includes('/') ? segment.replaceAll('~', '~0').replaceAll('/', '~1') : segment;
}

/** `/a/b~1c` → ['a', 'b/c']. Throws on a pointer that does not start with `/` (unless empty). */
export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`"${pointer}" is not a JSON pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => (s.includes('~') ? s.replaceAll('~1', '/').replaceAll('~0', '~') : s));
}

/**
 * Follows a pointer through plain data using own properties only, so names
 * like `constructor` or `__proto__` never reach Object.prototype.
 */
export function getAtPointer(root: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  return getAtSegments(root, fromPointer(pointer));
}

/** `getAtPointer` for a pointer already split into its segments. */
export function getAtSegments(
  root: unknown,
  segments: readonly string[],
): { found: true; value: unknown } | { found: false } {
  let current: unknown = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(segment) || Number(segment) >= current.length) return { found: false };
      current = current[Number(segment)];
    } else if (isRecord(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** The value at `segments`, or undefined where the path leads nowhere. */
export function valueAt(root: unknown, segments: readonly string[]): unknown {
  const at = getAtSegments(root, segments);
  return at.found ? at.value : undefined;
}

/** A plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
