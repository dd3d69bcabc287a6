/** src/changes/api-changes.ts: each class of change, named in the model's terms. */
import { describe, expect, it } from 'vitest';
import { apiChanges } from '../../../src/changes/api-changes.ts';
import { at, baseDescription, changed } from './fixtures.ts';

type Json = Record<string, unknown>;

const classes = (after: Record<string, unknown>) =>
  apiChanges(baseDescription(), after).map((c) => [c.class, c.subject, c.operation?.operationId ?? c.model]);

describe('changes between two descriptions', () => {
  it.each([
    ['removing an operation', (d: Json) => delete at(d, 'paths', '/pets').post, [['breaking', 'operation', 'addPet']]],
    [
      'making an optional parameter required',
      (d: Json) => {
        at(d, 'paths', '/pets', 'get', 'parameters', 0).required = true;
      },
      [['breaking', 'parameter', 'listPets']],
    ],
    [
      'narrowing an enum a request sends',
      (d: Json) => {
        at(
          d,
          'paths',
          '/pets',
          'post',
          'requestBody',
          'content',
          'application/json',
          'schema',
          'properties',
          'kind',
        ).enum = ['cat', 'dog'];
      },
      [['breaking', 'request body', 'addPet']],
    ],
    [
      'removing a field a response sends',
      (d: Json) => delete at(d, 'components', 'schemas', 'Pet', 'properties').name,
      // Breaking where a response sends it; the model alone does not say whether requests or responses use it.
      [
        ['breaking', 'response', 'listPets'],
        ['changed', 'model', 'Pet'],
      ],
    ],
    [
      'changing the type of a field a response sends',
      (d: Json) => {
        at(d, 'components', 'schemas', 'Pet', 'properties', 'id').type = 'string';
      },
      [
        ['breaking', 'response', 'listPets'],
        ['breaking', 'model', 'Pet'],
      ],
    ],
  ])('%s is breaking', (_, change, expected) => {
    expect(classes(changed(change))).toEqual(expected);
  });

  it('adding an operation or an optional parameter is an addition, not a breaking change', () => {
    const after = changed((d) => {
      at(d, 'paths')['/toys'] = { get: { operationId: 'listToys', responses: { '200': { description: 'Toys.' } } } };
      (at(d, 'paths', '/pets', 'get', 'parameters') as unknown as unknown[]).push({
        name: 'q',
        in: 'query',
        schema: { type: 'string' },
      });
    });
    expect(classes(after)).toEqual([
      ['added', 'parameter', 'listPets'],
      ['added', 'operation', 'listToys'],
    ]);
  });

  it('editing a description is an annotation, and deprecating an operation is a deprecation', () => {
    const after = changed((d) => {
      at(d, 'paths', '/pets', 'get').description = 'Lists every pet.';
      at(d, 'paths', '/pets', 'post').deprecated = true;
    });
    expect(classes(after)).toEqual([
      ['annotation', 'operation', 'listPets'],
      ['deprecated', 'operation', 'addPet'],
    ]);
  });

  it('says where each change is and what it is, in words', () => {
    const [change] = apiChanges(
      baseDescription(),
      changed((d) => delete at(d, 'paths')['/pets/{petId}']),
    );
    expect(change).toMatchObject({
      class: 'breaking',
      action: 'remove',
      pointer: '/paths/~1pets~1{petId}/delete',
      in: 'before',
      operation: { method: 'DELETE', path: '/pets/{petId}', operationId: 'deletePet' },
      summary: 'Removed the operation',
    });
  });

  it('finds nothing between a description and itself', () => {
    expect(apiChanges(baseDescription(), baseDescription())).toEqual([]);
  });
});
