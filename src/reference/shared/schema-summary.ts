/**
 * What a schema says, in short words for a reader: its type, its
 * constraints and its flags. Pure functions; components only lay them out.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { fromPointer, isReference, type SchemaOrRef, type SchemaResolver } from '../../openapi/index.ts';

/** Model names by `$ref`: pages ask for every field's, and a description has few distinct references. */
const namesByRef = new Map<string, string | undefined>();

/** The component schema name a `$ref` points at, if it points into components/schemas. */
export function refName(schema: SchemaOrRef | undefined): string | undefined {
  if (!schema || !isReference(schema)) return undefined;
  const ref = schema.$ref;
  if (namesByRef.has(ref)) return namesByRef.get(ref);
  const match = /^#(\/components\/schemas\/[^/]+)$/.exec(ref);
  const name = match?.[1] ? fromPointer(decodeURIComponent(match[1]))[2] : undefined;
  namesByRef.set(ref, name);
  return name;
}

/** `integer (int64)`, `array of Pet`, `string | null`, `one of 2 shapes`… */
export function typeLabel(schemas: SchemaResolver, schema: SchemaOrRef, within: readonly object[] = []): string {
  const name = refName(schema);
  if (name) return name;
  const s = schemas.resolve(schema);
  const choice = scalarChoice(s);
  let label: string;
  if (s.type === 'array') {
    // An array of itself through a `$ref` that names no model is labelled once.
    const items = s.items && !within.includes(s) ? typeLabel(schemas, s.items, [...within, s]) : 'anything';
    label = `array of ${items}`;
  } else if (s.type) {
    label = s.format ? `${s.type} (${s.format})` : s.type;
  } else if (s.allOf) {
    label =
      s.allOf
        .map((part) => refName(part))
        .filter(Boolean)
        .join(' + ') || 'object';
  } else if (choice) {
    label = choice;
  } else if (s.oneOf) {
    label = `one of ${s.oneOf.length} shapes`;
  } else if (s.anyOf) {
    label = `any of ${s.anyOf.length} shapes`;
  } else if (s.properties) {
    label = 'object';
  } else if (allowsNothing(s)) {
    label = 'no value allowed';
  } else {
    label = (s.enum && typeOfValues(s.enum)) ?? 'any';
  }
  return s.nullable ? `${label} | null` : label;
}

/** Constraints as short phrases: `1–100 characters`, `≥ 1`, `one of: a, b`, `default: 20`. */
export function constraints(schemas: SchemaResolver, schema: SchemaOrRef): string[] {
  const s = schemas.resolve(schema);
  const out: string[] = [];
  const range = (
    low: number | undefined,
    high: number | undefined,
    unit: string,
    exclusiveLow?: boolean,
    exclusiveHigh?: boolean,
  ) => {
    if (low !== undefined && high !== undefined && !exclusiveLow && !exclusiveHigh) out.push(`${low}–${high}${unit}`);
    else {
      if (low !== undefined) out.push(`${exclusiveLow ? '>' : '≥'} ${low}${unit}`);
      if (high !== undefined) out.push(`${exclusiveHigh ? '<' : '≤'} ${high}${unit}`);
    }
  };
  range(s.minimum, s.maximum, '', s.exclusiveMinimum === true, s.exclusiveMaximum === true);
  range(s.minLength, s.maxLength, ' characters');
  range(s.minItems, s.maxItems, ' items');
  if (s.multipleOf !== undefined) out.push(`multiple of ${s.multipleOf}`);
  // A pattern that is not text (a number, say) breaks the schema; the loader warns, and it is not shown.
  if (typeof s.pattern === 'string' && s.pattern) out.push(`pattern: ${s.pattern}`);
  if (s.uniqueItems) out.push('unique items');
  if (s.not && !allowsNothing(s)) out.push(`not ${typeLabel(schemas, s.not)}`);
  if (s.enum?.length === 1) out.push(`only ${JSON.stringify(s.enum[0])}`);
  else if (s.enum) out.push(`one of: ${s.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (s.default !== undefined) out.push(`default: ${JSON.stringify(s.default)}`);
  return out;
}

/**
 * A choice whose every option is a bare type, as 3.1 writes `type: [string, integer]` (normalize/schema.ts):
 * `string | integer`, with nothing to expand. Undefined for any other schema.
 */
function scalarChoice(s: OpenAPIV3.SchemaObject): string | undefined {
  const options = s.oneOf ?? s.anyOf;
  if (!options?.length || s.type || s.properties) return undefined;
  const labels: string[] = [];
  for (const option of options) {
    if (isReference(option) || !option.type || option.type === 'object' || option.type === 'array') return undefined;
    if (Object.keys(option).some((key) => key !== 'type' && key !== 'format')) return undefined;
    labels.push(option.format ? `${option.type} (${option.format})` : option.type);
  }
  return labels.join(' | ');
}

/** The one type all of an enum's values have, for an enum that names no type (3.1's bare `const`). */
function typeOfValues(values: unknown[]): string | undefined {
  const types = new Set(
    values.map((v) => (Number.isInteger(v) ? 'integer' : typeof v === 'number' ? 'number' : typeof v)),
  );
  const [only] = types;
  return types.size === 1 && (only === 'string' || only === 'integer' || only === 'number' || only === 'boolean')
    ? only
    : undefined;
}

/** `not: {}`, as 3.1 writes `false` (normalize/schema.ts): a field that must be absent. */
function allowsNothing(s: OpenAPIV3.SchemaObject): boolean {
  return s.not !== undefined && !isReference(s.not) && Object.keys(s.not).length === 0;
}

/** Read-only / write-only / deprecated, as words. */
export function flags(schemas: SchemaResolver, schema: SchemaOrRef): string[] {
  const s = schemas.resolve(schema);
  return [s.readOnly ? 'read-only' : '', s.writeOnly ? 'write-only' : '', s.deprecated ? 'deprecated' : ''].filter(
    Boolean,
  );
}

/** One property row of an object (allOf parts merged), in the order written. */
export interface PropertyRow {
  name: string;
  schema: SchemaOrRef;
  required: boolean;
}

/**
 * Each schema's merged properties, per resolver: a page asks for those of every field's type to decide whether it
 * expands, and every page (and its Markdown twin) asks again for the same models.
 */
const mergedProperties = new WeakMap<SchemaResolver, WeakMap<object, readonly PropertyRow[] | null>>();

/** The properties an object schema has, merging allOf parts as a reader would expect. Shared: not to be changed. */
export function objectProperties(schemas: SchemaResolver, schema: SchemaOrRef): readonly PropertyRow[] | undefined {
  const s = schemas.resolve(schema);
  let known = mergedProperties.get(schemas);
  if (!known) {
    known = new WeakMap();
    mergedProperties.set(schemas, known);
  }
  let rows = known.get(s);
  if (rows === undefined) {
    rows = mergeProperties(schemas, s, []) ?? null;
    known.set(s, rows);
  }
  return rows ?? undefined;
}

function mergeProperties(
  schemas: SchemaResolver,
  schema: SchemaOrRef,
  /** The schemas whose allOf this is in: a schema that is its own part adds nothing more. */
  within: readonly object[],
): PropertyRow[] | undefined {
  const s = schemas.resolve(schema);
  const rows = new Map<string, PropertyRow>();
  const required = new Set<string>(s.required ?? []);
  let any = false;
  for (const part of within.includes(s) ? [] : (s.allOf ?? [])) {
    const inner = mergeProperties(schemas, part, [...within, s]);
    const partSchema = schemas.resolve(part);
    for (const name of partSchema.required ?? []) required.add(name);
    if (inner) {
      any = true;
      for (const row of inner) rows.set(row.name, row);
    }
  }
  if (s.properties) {
    any = true;
    for (const [name, property] of Object.entries(s.properties))
      rows.set(name, { name, schema: property, required: false });
  }
  if (!any && s.type !== 'object') return undefined;
  return [...rows.values()].map((row) => ({ ...row, required: row.required || required.has(row.name) }));
}

/** What an object says about fields it does not list. */
export function additionalPropertiesNote(schemas: SchemaResolver, schema: SchemaOrRef): string | undefined {
  const s = schemas.resolve(schema);
  const extra = s.additionalProperties;
  if (extra === undefined) return undefined;
  if (extra === false) return 'No other fields are allowed.';
  if (extra === true) return 'Other fields of any type are allowed.';
  return `Other fields are allowed, each ${typeLabel(schemas, extra)}.`;
}

/** Whether a schema has inner structure worth expanding (an object, array of objects, or composition). */
export function hasChildren(schemas: SchemaResolver, schema: SchemaOrRef, within: readonly object[] = []): boolean {
  const s = schemas.resolve(schema);
  if (s.oneOf || s.anyOf) return scalarChoice(s) === undefined;
  // An array of arrays of itself (`Tree: {type: array, items: {$ref: Tree}}`) holds nothing but itself.
  if (s.type === 'array') return s.items && !within.includes(s) ? hasChildren(schemas, s.items, [...within, s]) : false;
  return (objectProperties(schemas, schema)?.length ?? 0) > 0 || typeof s.additionalProperties === 'object';
}
