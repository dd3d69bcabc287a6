/**
 * The Versioning guide names deprecated and experimental operations as examples, bounded whatever the API's size:
 * a description with hundreds of them must not make the guide a page that grows with it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../src/openapi/index.ts';
import {
  deprecatedListed,
  deprecatedOperations,
  levelOperationsNamed,
  operationsAtLevel,
} from '../../src/reference/site-lists/guide-lists.ts';
import { modelOf } from './support/check.ts';

const count = 300;
// Sunsets in an order unlike the description's, a third with none.
const sunsetOf = (i: number) =>
  i % 3 === 0 ? undefined : `2027-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
const paths = Array.from({ length: count }, (_, i) => {
  const sunset = sunsetOf(i);
  return `  /things/${i}:
    get:
      operationId: getThing${i}
      summary: Get thing ${i}
      deprecated: true
${sunset ? `      x-sunset: '${sunset}'\n` : ''}      responses: { '200': { description: OK } }
    post:
      operationId: makeThing${i}
      summary: Make thing ${i}
      x-scalar-stability: experimental
      responses: { '201': { description: Made } }`;
}).join('\n');

describe('the Versioning guide’s lists', () => {
  let model: ApiModel;
  beforeAll(async () => {
    model = await modelOf(`openapi: 3.0.3
info: { title: Things, version: 1.0.0 }
paths:
${paths}
`);
  });

  it(`name at most ${deprecatedListed} deprecated operations, the soonest sunset first, and count the rest`, () => {
    const { shown, more } = deprecatedOperations(model);
    expect(shown).toHaveLength(deprecatedListed);
    expect(more).toBe(count - deprecatedListed);
    const sunsets = shown.map((operation) => operation.deprecation?.sunset ?? '');
    expect(sunsets.every(Boolean)).toBe(true);
    expect(sunsets).toEqual(sunsets.toSorted());
    const earliest = Array.from({ length: count }, (_, i) => sunsetOf(i))
      .filter((s) => s !== undefined)
      .sort()[0];
    expect(sunsets[0]).toBe(earliest);
  });

  it('list operations without a sunset after those with one', () => {
    const { shown } = deprecatedOperations(model, count);
    const firstWithout = shown.findIndex((operation) => !operation.deprecation?.sunset);
    expect(firstWithout).toBe(count - Math.ceil(count / 3));
    expect(shown.slice(firstWithout).every((operation) => !operation.deprecation?.sunset)).toBe(true);
  });

  it(`name at most ${levelOperationsNamed} operations at a stability level, in the description's order`, () => {
    const { shown, more } = operationsAtLevel(model, 'experimental');
    expect(shown.map((operation) => operation.operationId)).toEqual(
      Array.from({ length: levelOperationsNamed }, (_, i) => `makeThing${i}`),
    );
    expect(more).toBe(count - levelOperationsNamed);
    expect(operationsAtLevel(model, 'beta')).toEqual({ shown: [], more: 0 });
  });
});
