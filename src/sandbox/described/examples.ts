/**
 * What a sandbox made from a description answers with, from the description itself: each operation's success
 * status, media type and example (given, else built from the schema, bounded as every generated example is), and
 * the items each collection starts with, so that the ids the console fills in exist.
 */
import {
  type ApiMediaType,
  type ApiOperation,
  type ApiResponse,
  exampleFromSchema,
  exampleRequest,
  isJsonMediaType,
  isRecord,
  type SchemaOrRef,
  type SchemaResolver,
} from '../../openapi/index.ts';
import { CollectionItems } from './collection-data.ts';
import { type Collection, listProperty, type Resources } from './resources.ts';

/** An operation's success: the first 2xx the description documents (200 when it documents none). */
export interface SuccessAnswer {
  status: number;
  response?: ApiResponse;
  /** The media type answered: the first JSON one, else the first documented. */
  media?: ApiMediaType;
  /** Its example; undefined for an answer without a body. */
  example?: unknown;
}

/**
 * Whether a value is valid against a schema (the sandbox's Ajv check). Given, an example the description writes
 * that breaks its own schema (Docker Engine's do) is passed over for the next, or one built from the schema: every
 * answer is to be valid against the description.
 */
export type Validity = (schema: SchemaOrRef, value: unknown) => boolean;

export function successAnswer(operation: ApiOperation, schemas: SchemaResolver, valid?: Validity): SuccessAnswer {
  const response =
    operation.responses.find((r) => /^2\d\d$/.test(r.status)) ??
    operation.responses.find((r) => /^2XX$/i.test(r.status)) ??
    operation.responses.find((r) => r.status === 'default');
  const status = response && /^2\d\d$/.test(response.status) ? Number(response.status) : 200;
  if (!response) return { status };
  const media = response.content.find((m) => isJsonMediaType(m.mediaType)) ?? response.content[0];
  const example = media ? mediaExample(media, schemas, valid) : undefined;
  return { status, response, ...(media ? { media } : {}), ...(example !== undefined ? { example } : {}) };
}

/** A media type's first given example (the first valid one, with `valid`), else one built from its schema. */
export function mediaExample(media: ApiMediaType, schemas: SchemaResolver, valid?: Validity): unknown {
  const schema = media.schema;
  const given = media.examples.find((example) => !valid || !schema || valid(schema, example.value));
  if (given) return given.value;
  if (!schema) return undefined;
  return exampleFromSchema(schemas, schema, 'read');
}

/** Items a collection instance starts with, at most: enough for a list to show paging, few enough to copy. */
export const seededItemsAtMost = 50;

/** The path with its parameters filled in (each value one encoded segment). */
export function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^{}/]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(String(values[name])) : whole,
  );
}

/**
 * `(instancePath) => items`: what each collection instance holds before anyone changes it. The instance the
 * description's examples name (its parent's example path values) holds the list's example items and an item for
 * every id an item operation's example request names; any other instance starts empty.
 */
export function collectionSeeds(
  operations: readonly ApiOperation[],
  resources: Resources,
  schemas: SchemaResolver,
  valid?: Validity,
): (instancePath: string) => CollectionItems {
  const byDepth = new Map<number, Collection[]>();
  for (const collection of resources.collections) {
    const depth = segments(collection.path).length;
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), collection]);
  }
  const seeded = new Map<Collection, Map<string, CollectionItems>>();
  const seedsOf = (collection: Collection) => {
    let seeds = seeded.get(collection);
    if (!seeds) {
      seeds = seedCollection(collection, operations, resources, schemas, valid);
      seeded.set(collection, seeds);
    }
    return seeds;
  };
  return (instancePath) => {
    const parts = segments(instancePath);
    for (const collection of byDepth.get(parts.length) ?? []) {
      if (!matches(collection.path, parts)) continue;
      const seed = seedsOf(collection).get(instancePath);
      if (seed) return seed;
    }
    return new CollectionItems();
  };
}

function seedCollection(
  collection: Collection,
  operations: readonly ApiOperation[],
  resources: Resources,
  schemas: SchemaResolver,
  valid?: Validity,
): Map<string, CollectionItems> {
  const seeds = new Map<string, CollectionItems>();
  const itemsAt = (instancePath: string) => {
    let items = seeds.get(instancePath);
    if (!items) {
      items = new CollectionItems();
      seeds.set(instancePath, items);
    }
    return items;
  };
  const mine = operations.filter((operation) => {
    const role = resources.roleOf(operation);
    return role.kind !== 'answer' && role.collection === collection;
  });
  const readExample = mine
    .filter((operation) => resources.roleOf(operation).kind === 'read')
    .map((operation) => successAnswer(operation, schemas, valid).example)
    .find(isRecord);
  // A listed item that breaks the item schema is seeded as one built from the schema, under the listed id.
  const itemSchema = collection.itemSchema;
  const built = itemSchema ? exampleFromSchema(schemas, itemSchema, 'read') : undefined;
  const seedItem = (item: unknown) => (valid && itemSchema && !valid(itemSchema, item) ? built : item);

  for (const operation of mine) {
    const role = resources.roleOf(operation).kind;
    const values = pathValues(operation, schemas);
    const instance = fillPath(collection.path, values);
    if (role === 'list') {
      const listed = listedItems(successAnswer(operation, schemas, valid).example, schemas, operation);
      const items = itemsAt(instance);
      for (const item of listed.slice(0, seededItemsAtMost)) {
        if (items.size >= seededItemsAtMost) break;
        const given = collection.idField && isRecord(item) ? item[collection.idField] : undefined;
        const id = typeof given === 'string' || typeof given === 'number' ? String(given) : String(items.takeId());
        if (!items.has(id)) items.set(id, withId(seedItem(item), collection, id));
      }
    } else if (role !== 'create' && collection.itemParameter) {
      const id = values[collection.itemParameter];
      if (id === undefined) continue;
      const items = itemsAt(instance);
      const key = String(id);
      if (!items.has(key) && items.size < seededItemsAtMost) items.set(key, withId(readExample ?? {}, collection, key));
    }
  }
  return seeds;
}

/** The example request's path values (what the console's first Send fills in). */
function pathValues(operation: ApiOperation, schemas: SchemaResolver): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const parameter of exampleRequest(schemas, operation).parameters) {
    if (parameter.in === 'path' && parameter.value !== undefined) values[parameter.name] = parameter.value;
  }
  return values;
}

/** The items a list example holds: the example itself when it is a list, else the list inside it. */
function listedItems(example: unknown, schemas: SchemaResolver, operation: ApiOperation): unknown[] {
  if (Array.isArray(example)) return example;
  if (!isRecord(example)) return [];
  const media = operation.responses.find((r) => /^2/.test(r.status))?.content.find((m) => isJsonMediaType(m.mediaType));
  const listed = media?.schema ? listProperty(schemas.resolve(media.schema), schemas) : undefined;
  const inside = listed ? example[listed.name] : undefined;
  return Array.isArray(inside) ? inside : [];
}

/** An item with its id field set to `id` (a number where ids are), as a new object. */
export function withId(item: unknown, collection: Collection, id: string): unknown {
  if (!collection.idField || !isRecord(item)) return item;
  const typed = collection.idType === 'integer' && /^-?\d+$/.test(id) ? Number(id) : id;
  return { ...item, [collection.idField]: typed };
}

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function matches(template: string, parts: readonly string[]): boolean {
  return segments(template).every((segment, i) => /^\{[^{}/]+\}$/.test(segment) || segment === parts[i]);
}
