/**
 * src/openapi/refs.ts: `$ref`s that lead nowhere, to null or round in a circle are refused with where they are
 * written; circular schemas, which are legitimate, stay references.
 */
import { describe, expect, it } from 'vitest';
import { minimalSpec, modelOf, onlyError, problemsOf } from './support/check.ts';

describe('references', () => {
  it('refuses a $ref that leads to null', async () => {
    const text = `${minimalSpec}  /other:
    $ref: '#/x-nothing'
x-nothing: null
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The reference "#/x-nothing" leads to null, not to a definition.');
    expect(error.pointer).toBe('/paths/~1other/$ref');
  });

  it('does not resolve a $ref to a name that exists only on Object.prototype', async () => {
    const text = `${minimalSpec}          content:
            application/json:
              schema:
                $ref: '#/components/schemas/constructor'
components:
  schemas: {}
`;
    const error = onlyError(await problemsOf(text));
    expect(error.message).toBe('The reference "#/components/schemas/constructor" points at nothing in this file.');
  });

  it('refuses a reference chain that loops instead of hanging', async () => {
    const text = `${minimalSpec}          content:
            application/json:
              schema:
                $ref: '#/components/schemas/A'
components:
  schemas:
    A:
      $ref: '#/components/schemas/B'
    B:
      $ref: '#/components/schemas/A'
`;
    const problems = await problemsOf(text);
    expect(problems.some((p) => p.message.includes('comes back to itself'))).toBe(true);
  });

  it('accepts circular schemas (a tree of categories) and keeps them as references', async () => {
    const text = `${minimalSpec}          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Node'
components:
  schemas:
    Node:
      type: object
      properties:
        children:
          type: array
          items:
            $ref: '#/components/schemas/Node'
`;
    const model = await modelOf(text);
    const node = model.schemas.find((s) => s.name === 'Node');
    expect(node?.schema.properties?.children).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Node' },
    });
  });
});
