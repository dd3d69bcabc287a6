/**
 * An example value built from a schema, for descriptions that give examples per field (or none) instead of one
 * for the whole body: the request a sample sends and the response example a page shows where the description
 * has none. Values the description gives win (`example`, `default`, `enum`), then a stand-in of the right type
 * and format. Deterministic — no dates from the clock, no random values — so the same description always builds
 * the same pages.
 *
 * Bounded, whatever the schema: a real model can be 200 properties wide, nest models in models and refer back to
 * itself (Microsoft Graph's `group` built a request sample of megabytes when every field was written out). So:
 * - an object holds its required fields and at most `optionalFieldsPerObject` optional ones, the first in the
 *   order the description writes them (descriptions list the main fields first; Graph lists its navigation
 *   properties last);
 * - nesting stops at `maxDepth` levels, an array holds one item, and a `$ref` is never followed into a schema
 *   the path to it is already inside (self and mutual references stop at their first repeat);
 * - the whole example holds at most `maxValues` values, filled required fields first, then breadth-first, so
 *   what a budget cuts is the deepest optional detail, never the top level or a required field before it.
 * A small model (every Pet Store one) comes out whole: all its fields, in the order written.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { SchemaOrRef } from './model.ts';
import { isReference } from './refs.ts';
import type { SchemaResolver } from './schema-resolver.ts';

/** `write`: a request body (read-only fields left out); `read`: a response (write-only fields left out). */
export type ExampleMode = 'read' | 'write';

/** Levels of nesting (objects and arrays) below the example's top before a value is cut short. */
export const maxDepth = 6;
/** Optional fields an object shows beyond its required ones: enough for a model's main fields. */
export const optionalFieldsPerObject = 10;
/**
 * Values (fields, array items and the top) in one example: a few kilobytes of indented JSON, which the page shows
 * highlighted in four languages (at twice this, a Graph-like body made the sample pane most of its page).
 */
export const maxValues = 100;

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

/** What remembers built examples: a Map by `$ref`, or a WeakMap by a schema written in place. */
interface ExampleTable<K> {
  has(key: K): boolean;
  get(key: K): unknown;
  set(key: K, value: unknown): unknown;
}

/**
 * Examples already built, per resolver and mode: by `$ref` (a page, its Markdown twin, llms-full.txt and the
 * example files each ask for the same model's) or, for a schema written in place, by the schema itself.
 */
const builtExamples = new WeakMap<
  SchemaResolver,
  Record<ExampleMode, { byRef: ExampleTable<string>; inPlace: ExampleTable<object> }>
>();

/** An example value for `schema`, or undefined where none can be made (a schema that allows nothing). */
export function exampleFromSchema(schemas: SchemaResolver, schema: SchemaOrRef, mode: ExampleMode = 'read'): unknown {
  let tables = builtExamples.get(schemas);
  if (!tables) {
    tables = {
      read: { byRef: new Map(), inPlace: new WeakMap() },
      write: { byRef: new Map(), inPlace: new WeakMap() },
    };
    builtExamples.set(schemas, tables);
  }
  const build = () => new ExampleBuilder(schemas, mode).build(schema);
  const value = isReference(schema)
    ? remembered(tables[mode].byRef, schema.$ref, build)
    : remembered(tables[mode].inPlace, schema, build);
  // A copy: a caller may change what it is given.
  return value === undefined ? undefined : structuredClone(value);
}

function remembered<K>(table: ExampleTable<K>, key: K, build: () => unknown): unknown {
  if (table.has(key)) return table.get(key);
  const value = build();
  table.set(key, value);
  return value;
}

/** A schema still to be turned into a value, and where the value goes. */
interface Pending {
  schema: SchemaOrRef;
  /** The `$ref`s the path from the top is inside: following one of them again would loop. */
  refs: readonly string[];
  depth: number;
  /** Optional fields on the path from the top: the queue takes fewer first, so required fields come before. */
  optional: number;
  place(value: unknown): void;
}

/** What a schema makes: a value as it is, or an array or object whose contents are still to be built. */
type Shape =
  | { kind: 'value'; value: unknown }
  | { kind: 'array'; item: SchemaOrRef | undefined; refs: readonly string[] }
  | { kind: 'object'; fields: Field[] };

/** An object's field: a schema to build (with the `$ref`s its object is inside) or a value an example gives. */
type Field = { name: string; required: boolean } & (
  | { schema: SchemaOrRef; refs: readonly string[] }
  | { value: unknown }
);

class ExampleBuilder {
  readonly #schemas: SchemaResolver;
  readonly #mode: ExampleMode;
  /** Pending values by how many optional fields lead to them; each list is worked through first in, first out. */
  readonly #queues: Pending[][] = [];
  /** Each object built and the order the description writes its fields in (the queue fills them out of order). */
  readonly #order = new Map<Record<string, unknown>, string[]>();

  constructor(schemas: SchemaResolver, mode: ExampleMode) {
    this.#schemas = schemas;
    this.#mode = mode;
  }

  build(schema: SchemaOrRef): unknown {
    let top: unknown;
    this.#enqueue({ schema, refs: [], depth: 0, optional: 0, place: (value) => (top = value) });
    let values = 0;
    for (let next = this.#next(); next && values < maxValues; next = this.#next()) {
      const value = this.#valueOf(next);
      if (value === undefined) continue;
      next.place(value);
      values++;
    }
    for (const [object, names] of this.#order) inWrittenOrder(object, names);
    return top;
  }

  #enqueue(pending: Pending): void {
    let queue = this.#queues[pending.optional];
    if (!queue) {
      queue = [];
      this.#queues[pending.optional] = queue;
    }
    queue.push(pending);
  }

  #next(): Pending | undefined {
    for (const queue of this.#queues) {
      const next = queue?.shift();
      if (next) return next;
    }
    return undefined;
  }

  /** The value for one pending schema; an array or object comes back empty, its contents queued. */
  #valueOf(pending: Pending): unknown {
    const shape = this.#shape(pending.schema, pending.refs, pending.depth);
    if (shape === undefined || shape.kind === 'value') return shape?.value;
    const child = { depth: pending.depth + 1, optional: pending.optional };
    if (shape.kind === 'array') {
      const array: unknown[] = [];
      if (shape.item) {
        this.#enqueue({ ...child, schema: shape.item, refs: shape.refs, place: (item) => array.push(item) });
      }
      return array;
    }
    const object: Record<string, unknown> = {};
    const fields = chosenFields(shape.fields);
    this.#order.set(
      object,
      fields.map((field) => field.name),
    );
    for (const field of fields) {
      if ('value' in field) {
        setField(object, field.name, field.value);
        continue;
      }
      this.#enqueue({
        ...child,
        optional: pending.optional + (field.required ? 0 : 1),
        schema: field.schema,
        refs: field.refs,
        place: (value) => setField(object, field.name, value),
      });
    }
    return object;
  }

  #shape(schemaOrRef: SchemaOrRef, refs: readonly string[], depth: number): Shape | undefined {
    const ref = '$ref' in schemaOrRef ? schemaOrRef.$ref : undefined;
    if (ref !== undefined && refs.includes(ref)) return undefined;
    const inner = ref === undefined ? refs : [...refs, ref];
    const schema = this.#schemas.resolve(schemaOrRef);
    if (schema.example !== undefined) return { kind: 'value', value: schema.example };
    if (schema.default !== undefined) return { kind: 'value', value: schema.default };
    if (schema.enum && schema.enum.length > 0) return { kind: 'value', value: schema.enum[0] };
    if (depth > maxDepth) return undefined;

    if (schema.allOf) {
      const parts = schema.allOf.map((part) => this.#shape(part, inner, depth));
      const { allOf: _parts, ...rest } = schema;
      const own = this.#objectShape(rest, inner);
      if (!parts.every((part) => part?.kind === 'object' || isPlainObject(givenValue(part)))) {
        return parts.find((part) => part !== undefined && (part.kind !== 'value' || part.value !== undefined)) ?? own;
      }
      // One object of every part's fields; a field written again keeps its first place and takes the later schema.
      const fields = new Map<string, Field>();
      for (const part of [...parts, own]) {
        const written: Field[] =
          part?.kind === 'object'
            ? part.fields
            : Object.entries(givenValue(part) ?? {}).map(([name, value]) => ({ name, required: true, value }));
        for (const field of written) fields.set(field.name, field);
      }
      const required = new Set(requiredNames(this.#schemas, schema));
      return {
        kind: 'object',
        fields: [...fields.values()].map((field) => ({
          ...field,
          required: field.required || required.has(field.name),
        })),
      };
    }
    const choice = chosenOption(schema);
    if (choice) return this.#shape(choice, inner, depth);

    switch (schema.type) {
      case 'array':
        return { kind: 'array', item: schema.items, refs: inner };
      case 'integer':
      case 'number':
        return { kind: 'value', value: numberIn(schema) };
      case 'boolean':
        return { kind: 'value', value: true };
      case 'string':
        return { kind: 'value', value: (schema.format && formatExamples[schema.format]) ?? 'string' };
      case 'object':
        return this.#objectShape(schema, inner);
      default:
        if (schema.properties) return this.#objectShape(schema, inner);
        return { kind: 'value', value: schema.nullable ? null : undefined };
    }
  }

  /** An object's own fields, in the order written, without those this mode leaves out. */
  #objectShape(schema: OpenAPIV3.SchemaObject, refs: readonly string[]): Shape {
    const required = new Set(schema.required ?? []);
    const fields: Field[] = [];
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const resolved = this.#schemas.resolve(property);
      if ((this.#mode === 'write' && resolved.readOnly) || (this.#mode === 'read' && resolved.writeOnly)) continue;
      fields.push({ name, required: required.has(name), schema: property, refs });
    }
    // A map (no named fields): one entry shows what its values look like.
    const extra = schema.additionalProperties;
    if (fields.length === 0 && extra && typeof extra === 'object') {
      fields.push({ name: 'key', required: true, schema: extra, refs });
    }
    return { kind: 'object', fields };
  }
}

/** Every required field, and the first `optionalFieldsPerObject` optional ones, in the order written. */
function chosenFields(fields: readonly Field[]): Field[] {
  let optional = 0;
  return fields.filter((field) => field.required || optional++ < optionalFieldsPerObject);
}

/** The names a schema requires, its `allOf` parts' included. */
function requiredNames(schemas: SchemaResolver, schema: OpenAPIV3.SchemaObject, seen = new Set<object>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const parts = (schema.allOf ?? []).flatMap((part) => requiredNames(schemas, schemas.resolve(part), seen));
  return [...parts, ...(schema.required ?? [])];
}

/** Sets a field as data: a field named `__proto__` is a field, not the object's prototype. */
function setField(object: Record<string, unknown>, name: string, value: unknown): void {
  Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Puts an object's fields back in the order written (the queue may have filled optional ones after deeper ones). */
function inWrittenOrder(object: Record<string, unknown>, names: readonly string[]): void {
  const keys = Object.keys(object);
  const written = names.filter((name) => Object.hasOwn(object, name));
  if (keys.every((key, index) => key === written[index])) return;
  const entries = written.map((name) => [name, object[name]] as const);
  for (const key of keys) delete object[key];
  for (const [name, value] of entries) setField(object, name, value);
}

/** The smallest value the schema allows, or 1 when it sets no floor (ids and counts start there). */
function numberIn(schema: OpenAPIV3.SchemaObject): number {
  if (schema.minimum === undefined) return schema.maximum !== undefined && schema.maximum < 1 ? schema.maximum : 1;
  const step = schema.type === 'integer' ? 1 : 0.5;
  return schema.exclusiveMinimum ? schema.minimum + step : schema.minimum;
}

/** The value a shape is when it is one (an example, a default, a stand-in), else undefined. */
function givenValue(shape: Shape | undefined): unknown {
  return shape?.kind === 'value' ? shape.value : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The option of a `oneOf`/`anyOf` a generated example takes (the first): a form built from it sends its fields. */
export function chosenOption(schema: OpenAPIV3.SchemaObject): SchemaOrRef | undefined {
  return schema.oneOf?.[0] ?? schema.anyOf?.[0];
}
