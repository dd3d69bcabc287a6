/**
 * What a description's paths say about state, read the way REST APIs are written: a path ending in one whole
 * parameter (`/things/{thingId}`) is an item of the collection its parent path names (`/things`), when that parent
 * has a GET or a POST. Their operations then list, create, read, replace, update and delete the items; every
 * other operation answers from the description's examples. Pure: only the model goes in.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { type ApiOperation, isJsonMediaType, type SchemaOrRef, type SchemaResolver } from '../../openapi/index.ts';

export interface Collection {
  /** The collection's path template: `/users/{userId}/posts`. */
  path: string;
  /** The item's path parameter (`postId`); none where the description has no path for one item. */
  itemParameter?: string;
  /** The field of an item that holds its id (`id`, or the parameter's own name), when items have one. */
  idField?: string;
  /** Whether new ids are whole numbers (1, 2, …), UUIDs, or other text. */
  idType: 'integer' | 'uuid' | 'string';
  /** The schema of one item, as a read answers it. */
  itemSchema?: SchemaOrRef;
}

export type CollectionRole = 'list' | 'create' | 'read' | 'replace' | 'update' | 'delete';

/** What one operation does: a step on a collection's items, or an answer from the description. */
export type OperationRole = { kind: CollectionRole; collection: Collection } | { kind: 'answer' };

export interface Resources {
  collections: Collection[];
  roleOf(operation: ApiOperation): OperationRole;
}

const itemRoles: Record<string, CollectionRole> = {
  get: 'read',
  put: 'replace',
  patch: 'update',
  delete: 'delete',
};

export function readResources(operations: readonly ApiOperation[], schemas: SchemaResolver): Resources {
  const byPath = new Map<string, ApiOperation[]>();
  for (const operation of operations) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation]);
  const methodOf = (path: string, method: string) => byPath.get(path)?.find((o) => o.method === method);

  const collections = new Map<string, Collection>();
  const roles = new Map<ApiOperation, OperationRole>();
  for (const [path, pathOperations] of byPath) {
    const itemParameter = /^(.*)\/\{([^{}/]+)\}$/.exec(path);
    const parent = itemParameter?.[1];
    const parameter = itemParameter?.[2];
    if (parent === undefined || parameter === undefined || parent === '') continue;
    const list = methodOf(parent, 'get');
    const create = methodOf(parent, 'post');
    if (!list && !create) continue;
    const read = methodOf(path, 'get');
    const itemSchema = successSchema(read, schemas) ?? requestSchema(create, schemas) ?? listItemSchema(list, schemas);
    const idField = idFieldOf(itemSchema, parameter, schemas);
    const collection: Collection = {
      path: parent,
      itemParameter: parameter,
      ...(idField ? { idField } : {}),
      idType: idTypeOf(pathOperations, parameter, schemas),
      ...(itemSchema ? { itemSchema } : {}),
    };
    collections.set(parent, collection);
    if (list) roles.set(list, { kind: 'list', collection });
    if (create) roles.set(create, { kind: 'create', collection });
    for (const operation of pathOperations) {
      const kind = itemRoles[operation.method];
      if (kind) roles.set(operation, { kind, collection });
    }
  }
  // A path that lists (GET) and makes (POST) without a path for one item is still a collection.
  for (const path of byPath.keys()) {
    const list = methodOf(path, 'get');
    const create = methodOf(path, 'post');
    if (collections.has(path) || !list || !create) continue;
    const itemSchema = requestSchema(create, schemas) ?? listItemSchema(list, schemas);
    const idField = idFieldOf(itemSchema, 'id', schemas);
    const collection: Collection = {
      path,
      ...(idField ? { idField } : {}),
      idType: idField && itemSchema ? fieldIdType(itemSchema, idField, schemas) : 'integer',
      ...(itemSchema ? { itemSchema } : {}),
    };
    collections.set(path, collection);
    roles.set(list, { kind: 'list', collection });
    roles.set(create, { kind: 'create', collection });
  }
  return {
    collections: [...collections.values()],
    roleOf: (operation) => roles.get(operation) ?? { kind: 'answer' },
  };
}

/** The JSON schema of an operation's first success answer. */
export function successSchema(operation: ApiOperation | undefined, schemas: SchemaResolver): SchemaOrRef | undefined {
  const response = operation?.responses.find((r) => /^2/.test(r.status));
  const schema = response?.content.find((m) => isJsonMediaType(m.mediaType))?.schema;
  return schema && isObjectSchema(schema, schemas) ? schema : undefined;
}

function requestSchema(operation: ApiOperation | undefined, schemas: SchemaResolver): SchemaOrRef | undefined {
  const schema = operation?.requestBody?.content.find((m) => isJsonMediaType(m.mediaType))?.schema;
  return schema && isObjectSchema(schema, schemas) ? schema : undefined;
}

/** A list's item schema: the array it answers, or the first array of objects inside the object it answers. */
function listItemSchema(operation: ApiOperation | undefined, schemas: SchemaResolver): SchemaOrRef | undefined {
  const response = operation?.responses.find((r) => /^2/.test(r.status));
  const schema = response?.content.find((m) => isJsonMediaType(m.mediaType))?.schema;
  if (!schema) return undefined;
  const resolved = schemas.resolve(schema);
  if (resolved.type === 'array' && resolved.items) return resolved.items;
  const listed = listProperty(resolved, schemas);
  return listed ? (schemas.resolve(listed.schema) as OpenAPIV3.ArraySchemaObject).items : undefined;
}

/** The first property of an object schema that is an array of objects: where a wrapped list keeps its items. */
export function listProperty(
  schema: OpenAPIV3.SchemaObject,
  schemas: SchemaResolver,
): { name: string; schema: SchemaOrRef } | undefined {
  for (const [name, property] of Object.entries(propertiesOf(schema, schemas))) {
    const resolved = schemas.resolve(property);
    if (resolved.type === 'array' && resolved.items && isObjectSchema(resolved.items, schemas)) {
      return { name, schema: property };
    }
  }
  return undefined;
}

/** An object's properties, its `allOf` parts' included. */
export function propertiesOf(
  schema: OpenAPIV3.SchemaObject,
  schemas: SchemaResolver,
  depth = 0,
): Record<string, SchemaOrRef> {
  if (depth > 8) return {};
  const parts = (schema.allOf ?? []).map((part) => propertiesOf(schemas.resolve(part), schemas, depth + 1));
  return Object.assign({}, ...parts, schema.properties ?? {});
}

function isObjectSchema(schema: SchemaOrRef, schemas: SchemaResolver): boolean {
  const resolved = schemas.resolve(schema);
  return resolved.type === 'object' || resolved.properties !== undefined || resolved.allOf !== undefined;
}

/** The item's own name for its id: the path parameter's name when it is a field (`petId`), else `id`. */
function idFieldOf(schema: SchemaOrRef | undefined, parameter: string, schemas: SchemaResolver): string | undefined {
  if (!schema) return undefined;
  const properties = propertiesOf(schemas.resolve(schema), schemas);
  return [parameter, 'id'].find((name) => name in properties);
}

function fieldIdType(schema: SchemaOrRef, field: string, schemas: SchemaResolver): Collection['idType'] {
  const property = propertiesOf(schemas.resolve(schema), schemas)[field];
  const resolved = property ? schemas.resolve(property) : undefined;
  if (resolved?.type === 'integer' || resolved?.type === 'number') return 'integer';
  return resolved?.format === 'uuid' ? 'uuid' : 'string';
}

function idTypeOf(
  operations: readonly ApiOperation[],
  parameter: string,
  schemas: SchemaResolver,
): Collection['idType'] {
  const declared = operations
    .flatMap((operation) => operation.parameters)
    .find((p) => p.in === 'path' && p.name === parameter)?.schema;
  const schema = declared ? schemas.resolve(declared) : undefined;
  if (schema?.type === 'integer' || schema?.type === 'number') return 'integer';
  return schema?.format === 'uuid' ? 'uuid' : 'string';
}
