/** A small description and ways to change it, for the change-class and gate tests. */

type Json = Record<string, unknown>;

export function baseDescription(version = '1.0.0'): Json {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': {
              description: 'The pets.',
              content: {
                'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } },
              },
            },
          },
        },
        post: {
          operationId: 'addPet',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' }, kind: { type: 'string', enum: ['cat', 'dog', 'bird'] } },
                },
              },
            },
          },
          responses: { '201': { description: 'Added.' } },
        },
      },
      '/pets/{petId}': {
        delete: {
          operationId: 'deletePet',
          deprecated: true,
          'x-sunset': '2026-06-30',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '204': { description: 'Deleted.' } },
        },
      },
    },
    components: {
      schemas: {
        Pet: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      },
    },
  };
}

/** The object at `keys` inside a description, to change it in place. */
export function at(document: Json, ...keys: (string | number)[]): Json {
  let node: unknown = document;
  for (const key of keys) node = (node as Record<string | number, unknown>)[key];
  if (typeof node !== 'object' || node === null) throw new Error(`nothing at ${keys.join(' › ')}`);
  return node as Json;
}

/** `change` applied to a fresh copy of the base description. */
export function changed(change: (document: Json) => void, version = '1.0.0'): Json {
  const document = baseDescription(version);
  change(document);
  return document;
}
