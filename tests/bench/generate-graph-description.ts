/**
 * A description of Microsoft Graph's shape, for the bench and the unit tests: models hundreds of fields wide whose
 * navigation properties reach into each other and themselves (a ring of models, each naming itself, a list of
 * itself, the next model, an inline `allOf` mix of the next two and a `oneOf`), and a 30-level chain of models
 * that point back into the ring. Graph's own description (11,422 operations, 20 MB of JSON) is not on npm; this
 * makes the shapes that broke the portal on it: a generated request sample of megabytes, and field trees that nested
 * without end.
 *
 * `graphShapedSchemas` is the schema set alone, `smallGraphDescription` the unit tests' one operation around it;
 * `generateGraphDescription(operations)` is a whole API of about that many operations, six per model, as Graph
 * lists an entity set: list, create, get, update, delete and one navigation.
 *
 * CLI: `node tests/bench/generate-graph-description.ts 11422 > /tmp/graph.json`.
 */

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface GraphShape {
  /** Models in the ring (`Entity0` … ). */
  models: number;
  /** Fields of each model, by its index: navigation properties included. */
  fieldsOf: (index: number) => number;
  /** Levels of the `Level<i>` chain. */
  chainLength: number;
  /** Whether plain fields carry a description, as Graph's do. */
  described?: boolean;
}

/** The unit tests' set: five 200-field models and a 30-level chain. */
export const smallGraphShape: GraphShape = { models: 5, fieldsOf: () => 200, chainLength: 30 };

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });

/**
 * Model `Entity<i>`: read-only `ro_*` and write-only `wo_*` fields among plain ones (some required), then
 * navigation properties: to itself, a list of itself, the next model in the ring, an allOf of two models and
 * a oneOf, and the head of the chain of required fields.
 */
function entity(index: number, shape: GraphShape): JsonObject {
  const ring = shape.models;
  const next = `Entity${(index + 1) % ring}`;
  const properties: JsonObject = {};
  const navigation: JsonObject = {
    self: ref(`Entity${index}`),
    children: { type: 'array', items: ref(`Entity${index}`) },
    next: ref(next),
    nextList: { type: 'array', items: ref(next) },
    mixed: {
      allOf: [
        ref(next),
        ref(`Entity${(index + 2) % ring}`),
        { type: 'object', properties: { extra: { type: 'string' } } },
      ],
    },
    either: { oneOf: [ref(`Entity${(index + 3) % ring}`), { type: 'string' }] },
    chain: ref('Level0'),
  };
  const plain = shape.fieldsOf(index) - Object.keys(navigation).length;
  const described = (field: JsonObject, name: string): JsonObject =>
    shape.described
      ? { ...field, description: `The ${name.replace('_', ' ')} of this entity, as the service keeps it.` }
      : field;
  for (let n = 0; n < plain; n++) {
    if (n % 5 === 1) properties[`ro_${n}`] = described({ type: 'string', readOnly: true }, `ro_${n}`);
    else if (n % 5 === 2) properties[`wo_${n}`] = described({ type: 'string', writeOnly: true }, `wo_${n}`);
    else if (n % 5 === 3) properties[`at_${n}`] = described({ type: 'string', format: 'date-time' }, `at_${n}`);
    else properties[`field_${n}`] = described({ type: n % 2 === 0 ? 'string' : 'integer' }, `field_${n}`);
  }
  // Navigation first, as some descriptions write them: the optional-field limit alone must not hide them.
  return { type: 'object', required: ['field_0', 'ro_1', 'chain'], properties: { ...navigation, ...properties } };
}

/** `Level<i>` requires `next` (the next level) down to the last, and points back into the ring. */
function level(index: number, chainLength: number): JsonObject {
  const last = index === chainLength - 1;
  return {
    type: 'object',
    required: last ? ['depth'] : ['depth', 'next'],
    properties: {
      depth: { type: 'integer', example: index },
      ...(last ? {} : { next: ref(`Level${index + 1}`) }),
      back: ref('Entity0'),
      siblings: { type: 'array', items: ref(`Level${index}`) },
    },
  };
}

/** `components.schemas` of a Graph-shaped description. */
export function graphShapedSchemas(shape: GraphShape = smallGraphShape): JsonObject {
  const schemas: JsonObject = {};
  for (let i = 0; i < shape.models; i++) schemas[`Entity${i}`] = entity(i, shape);
  for (let i = 0; i < shape.chainLength; i++) schemas[`Level${i}`] = level(i, shape.chainLength);
  return schemas;
}

/** The unit tests' description: one operation that creates an `Entity0` and answers with one, around `smallGraphShape`. */
export function smallGraphDescription(): string {
  const body = { required: true, content: { 'application/json': { schema: ref('Entity0') } } };
  const answer = { description: 'Created', content: { 'application/json': { schema: ref('Entity0') } } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Graph-like', version: '1.0.0' },
    servers: [{ url: 'https://example.test' }],
    paths: { '/entities': { post: { operationId: 'createEntity', requestBody: body, responses: { 201: answer } } } },
    components: { schemas: graphShapedSchemas() },
  });
}

/** Operations per model: list, create, get, update, delete, and the navigation to the next model. */
const operationsPerModel = 6;

/** Graph's error body, every operation's `default` answer. */
const odataError: JsonObject = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        innerError: {
          type: 'object',
          properties: { date: { type: 'string', format: 'date-time' }, 'request-id': { type: 'string' } },
        },
      },
    },
  },
};

/**
 * A whole Graph-shaped API of about `operations` operations (six per model, one tag per model): one model in ten
 * is 200 fields wide, the rest 60, as Graph's big entities (user, group) stand among smaller ones.
 */
export function generateGraphDescription(operations: number): string {
  const models = Math.max(5, Math.ceil(operations / operationsPerModel));
  const shape: GraphShape = {
    models,
    fieldsOf: (index) => (index % 10 === 0 ? 200 : 60),
    chainLength: 30,
    described: true,
  };
  const schemas = { ...graphShapedSchemas(shape), ODataError: odataError };
  const json = (schema: JsonObject) => ({ 'application/json': { schema } });
  const error = { description: 'An error', content: json(ref('ODataError')) };
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
  const paging = [
    { name: '$top', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: '$skip', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: '$select', in: 'query', schema: { type: 'array', items: { type: 'string' } }, explode: false },
  ];
  const paths: JsonObject = {};
  let written = 0;
  for (let i = 0; i < models && written < operations; i++) {
    const name = `Entity${i}`;
    const tag = `entity${i}s.entity${i}`;
    const op = (verb: string, summary: string, extra: JsonObject): JsonObject => {
      written++;
      return { tags: [tag], operationId: `entity${i}s.${verb}`, summary, ...extra };
    };
    const collection: JsonObject = {};
    const item: JsonObject = { parameters: [id] };
    const navigation: JsonObject = { parameters: [id] };
    const room = () => written < operations;
    collection.get = op('list', `List entity${i}s`, {
      parameters: paging,
      responses: {
        200: {
          description: 'A page of entities',
          content: json({
            type: 'object',
            properties: { value: { type: 'array', items: ref(name) }, '@odata.nextLink': { type: 'string' } },
          }),
        },
        default: error,
      },
    });
    if (room())
      collection.post = op('create', `Create entity${i}`, {
        requestBody: { required: true, content: json(ref(name)) },
        responses: { 201: { description: 'Created', content: json(ref(name)) }, default: error },
      });
    if (room())
      item.get = op('get', `Get entity${i}`, {
        responses: { 200: { description: 'The entity', content: json(ref(name)) }, default: error },
      });
    if (room())
      item.patch = op('update', `Update entity${i}`, {
        requestBody: { required: true, content: json(ref(name)) },
        responses: { 204: { description: 'Updated' }, default: error },
      });
    if (room())
      item.delete = op('delete', `Delete entity${i}`, {
        responses: { 204: { description: 'Deleted' }, default: error },
      });
    if (room())
      navigation.get = op('getNext', `Get next from entity${i}`, {
        responses: {
          200: { description: 'The next entity', content: json(ref(`Entity${(i + 1) % models}`)) },
          default: error,
        },
      });
    paths[`/entity${i}s`] = collection;
    if (Object.keys(item).length > 1) paths[`/entity${i}s/{id}`] = item;
    if (Object.keys(navigation).length > 1) paths[`/entity${i}s/{id}/next`] = navigation;
  }
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Graph-shaped API', version: '1.0.0', description: 'Deep, wide, self-referencing models.' },
    servers: [{ url: 'https://graph.example.test/v1.0' }],
    paths,
    components: { schemas },
  });
}

if (import.meta.main) {
  const operations = Number(process.argv[2] ?? 11_422);
  process.stdout.write(generateGraphDescription(operations));
}
