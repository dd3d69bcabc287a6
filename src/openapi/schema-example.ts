/**
 * An example value built from a schema, for descriptions that give examples per field (or none) instead of one
 * for the whole body: the request a sample sends and the response example a page shows where the description
 * has none. Values the description gives win (`example`, `default`, `enum`), then a stand-in of the right type
 * and format. Deterministic — no dates from the clock, no random values — so the same description always builds
 * the same pages.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { SchemaOrRef } from './model.ts';
import type { SchemaResolver } from './schema-resolver.ts';

/** `write`: a request body (read-only fields left out); `read`: a response (write-only fields left out). */
export type ExampleMode = 'read' | 'write';

/** Levels of nesting followed before a value is cut short; circular schemas stop at their first repeat. */
const maxDepth = 8;

/** Stand-ins for common string formats. */
const formatExamples: Record<string, string> = {
  'date-time': '2026-01-01T12:00:00Z',
  date: '2026-01-01',
  time: '12:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  byte: 'U3dhZ2dlcg==',
  binary: '<binary>',
  password: '********',
};

/** An example value for `schema`, or undefined where none can be made (a schema that allows nothing). */
export function exampleFromSchema(schemas: SchemaResolver, schema: SchemaOrRef, mode: ExampleMode = 'read'): unknown {
  return build(schemas, schema, mode, [], 0);
}

function build(
  schemas: SchemaResolver,
  schemaOrRef: SchemaOrRef,
  mode: ExampleMode,
  refs: string[],
  depth: number,
): unknown {
  const ref = '$ref' in schemaOrRef ? schemaOrRef.$ref : undefined;
  if (ref !== undefined && refs.includes(ref)) return undefined;
  const inner = ref === undefined ? refs : [...refs, ref];
  const schema = schemas.resolve(schemaOrRef);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (depth > maxDepth) return undefined;

  if (schema.allOf) {
    const parts = schema.allOf.map((part) => build(schemas, part, mode, inner, depth));
    const { allOf: _parts, ...rest } = schema;
    const own = objectOf(schemas, rest, mode, inner, depth);
    return parts.every(isPlainObject) ? Object.assign({}, ...parts, own) : (parts.find((p) => p !== undefined) ?? own);
  }
  const choice = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (choice) return build(schemas, choice, mode, inner, depth);

  switch (schema.type) {
    case 'array':
      return schema.items ? [build(schemas, schema.items, mode, inner, depth + 1)].filter((v) => v !== undefined) : [];
    case 'integer':
    case 'number':
      return numberIn(schema);
    case 'boolean':
      return true;
    case 'string':
      return (schema.format && formatExamples[schema.format]) ?? 'string';
    case 'object':
      return objectOf(schemas, schema, mode, inner, depth);
    default:
      if (schema.properties) return objectOf(schemas, schema, mode, inner, depth);
      return schema.nullable ? null : undefined;
  }
}

function objectOf(
  schemas: SchemaResolver,
  schema: OpenAPIV3.SchemaObject,
  mode: ExampleMode,
  refs: string[],
  depth: number,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const resolved = schemas.resolve(property);
    if ((mode === 'write' && resolved.readOnly) || (mode === 'read' && resolved.writeOnly)) continue;
    const field = build(schemas, property, mode, refs, depth + 1);
    if (field !== undefined) value[name] = field;
  }
  const extra = schema.additionalProperties;
  if (Object.keys(value).length === 0 && extra && typeof extra === 'object') {
    const field = build(schemas, extra, mode, refs, depth + 1);
    if (field !== undefined) value.key = field;
  }
  return value;
}

/** The smallest value the schema allows, or 1 when it sets no floor (ids and counts start there). */
function numberIn(schema: OpenAPIV3.SchemaObject): number {
  if (schema.minimum === undefined) return schema.maximum !== undefined && schema.maximum < 1 ? schema.maximum : 1;
  const step = schema.type === 'integer' ? 1 : 0.5;
  return schema.exclusiveMinimum ? schema.minimum + step : schema.minimum;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
