/**
 * One schema in the model's dialect, 3.0's: what JSON Schema 2020-12 (OpenAPI 3.1 and 3.2) writes differently is
 * settled here, once, for every schema of a description (dialect.ts walks the description to each one):
 *
 * - `type: [T, "null"]` → `type: T` + `nullable`; several types → `anyOf`; `const` → a one-value `enum`; an
 *   `examples` array → its first value as `example`; numeric `exclusiveMinimum`/`exclusiveMaximum` → the stricter
 *   of them and `minimum`/`maximum`, with 3.0's boolean flag; a `$ref` with sibling keywords → `allOf: [{$ref}]`
 *   beside them (3.0 ignores a `$ref`'s siblings; 3.1 applies both); a boolean schema → `{}` (true) or `not: {}`
 *   (false); binary data said with `contentEncoding: base64` or a binary `contentMediaType` → `format: byte` /
 *   `binary`;
 * - keywords with no 3.0 counterpart are kept, and noted once per kind as not shown.
 */
import { escapeSegment, isRecord } from '../json-pointer.ts';
import type { UnshownReport } from '../unshown.ts';

type Json = Record<string, unknown>;

/** Schema keywords of JSON Schema 2020-12 with no counterpart in the model; their schemas are still shown. */
const unshownKeywords = [
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  '$dynamicRef',
  '$dynamicAnchor',
  'contentSchema',
];

/**
 * Where a schema's sub-schemas are: keyword → a schema, a list of them, or a map of them. A Map, not an object
 * literal: one keyword is `then`, which would make the object thenable.
 */
const subSchemas: ReadonlyMap<string, 'one' | 'list' | 'map'> = new Map([
  ['items', 'one'],
  ['additionalProperties', 'one'],
  ['not', 'one'],
  ['contains', 'one'],
  ['propertyNames', 'one'],
  ['if', 'one'],
  ['then', 'one'],
  ['else', 'one'],
  ['unevaluatedItems', 'one'],
  ['unevaluatedProperties', 'one'],
  ['contentSchema', 'one'],
  ['allOf', 'list'],
  ['anyOf', 'list'],
  ['oneOf', 'list'],
  ['prefixItems', 'list'],
  ['properties', 'map'],
  ['patternProperties', 'map'],
  ['dependentSchemas', 'map'],
  ['$defs', 'map'],
]);

/** `value` (a schema as written at `pointer`, its sub-schemas included) in the model's dialect. */
export function settleSchema(value: unknown, pointer: string, unshown: UnshownReport): unknown {
  // 2020-12 lets a boolean stand for a schema: true allows any value, false none (3.0 only has it for
  // additionalProperties, which keeps it below).
  if (value === true) return {};
  if (value === false) return { not: {} };
  if (!isRecord(value)) return value;
  const out: Json = { ...value };
  for (const keyword of unshownKeywords) {
    if (keyword in out) {
      unshown.note(`keyword ${keyword}`, `${pointer}/${escapeSegment(keyword)}`, `The schema keyword \`${keyword}\``);
    }
  }
  for (const [keyword, shape] of subSchemas) {
    const inner = out[keyword];
    const at = `${pointer}/${escapeSegment(keyword)}`;
    if (shape === 'one' && (isRecord(inner) || (typeof inner === 'boolean' && keyword !== 'additionalProperties'))) {
      out[keyword] = settleSchema(inner, at, unshown);
    }
    if (shape === 'list' && Array.isArray(inner))
      out[keyword] = inner.map((s, i) => settleSchema(s, `${at}/${i}`, unshown));
    if (shape === 'map' && isRecord(inner)) {
      out[keyword] = Object.fromEntries(
        Object.entries(inner).map(([name, s]) => [name, settleSchema(s, `${at}/${escapeSegment(name)}`, unshown)]),
      );
    }
  }
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t): t is string => typeof t === 'string');
    const others = types.filter((t) => t !== 'null');
    if (others.length < types.length) out.nullable = true;
    if (others.length === 1) out.type = others[0];
    else {
      delete out.type;
      if (others.length > 1) out.anyOf = [...others.map((type) => ({ type })), ...asList(out.anyOf)];
    }
  } else if (out.type === 'null') {
    delete out.type;
    out.nullable = true;
  }
  if ('const' in out) {
    out.enum ??= [out.const];
    delete out.const;
  }
  if (Array.isArray(out.examples)) {
    if (out.examples.length > 0 && !('example' in out)) out.example = out.examples[0];
    delete out.examples;
  }
  for (const [exclusive, bound, stricter] of [
    ['exclusiveMinimum', 'minimum', (limit: number, inclusive: number) => limit >= inclusive],
    ['exclusiveMaximum', 'maximum', (limit: number, inclusive: number) => limit <= inclusive],
  ] as const) {
    const limit = out[exclusive];
    if (typeof limit !== 'number') continue;
    // 3.1 may give both bounds; 3.0 has one bound and a flag, so the stricter one is kept.
    const inclusive = out[bound];
    if (typeof inclusive === 'number' && !stricter(limit, inclusive)) delete out[exclusive];
    else {
      out[bound] = limit;
      out[exclusive] = true;
    }
  }
  // 3.1 says "binary" with contentMediaType/contentEncoding where 3.0 used format (OAS 3.1, binary data).
  if (out.format === undefined && (out.type === 'string' || out.type === undefined)) {
    if (out.contentEncoding === 'base64' || out.contentEncoding === 'base64url') out.format = 'byte';
    else if (isBinaryMediaType(out.contentMediaType) && out.contentEncoding === undefined) out.format = 'binary';
    if (out.format !== undefined) out.type = 'string';
  }
  if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
    const { $ref, ...siblings } = out;
    return { ...siblings, allOf: [{ $ref }, ...asList(siblings.allOf)] };
  }
  return out;
}

/** A media type whose content is bytes, not text: a string holding JSON, XML or text/* is still a string. */
function isBinaryMediaType(type: unknown): boolean {
  return typeof type === 'string' && !/^text\/|json|xml/i.test(type);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
