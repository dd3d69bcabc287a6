/**
 * src/changes/unchanged.ts: leaving out what two descriptions share changes no finding of the differ, and does
 * leave things out (the point: a release that changes a few operations is not compared operation by operation).
 */
import { apiCompare } from 'api-smart-diff';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { withoutUnchanged } from '../../../src/changes/unchanged.ts';
import { generateDescription } from '../../bench/generate-description.ts';
import { at, baseDescription, changed } from './fixtures.ts';

type Json = Record<string, unknown>;

/** The differ's findings, in a comparable form. */
const findings = (before: Json, after: Json) =>
  apiCompare(before, after)
    .diffs.map((d) => `${d.type} ${d.action} ${d.path.join('/')}`)
    .sort();

const generated = () => yaml.load(generateDescription(120)) as Json;
const paths = (document: Json) => Object.keys(document.paths as Json);

describe('leaving out what did not change', () => {
  it.each([
    [
      'a field removed from a model that responses use',
      (d: Json) => delete at(d, 'components', 'schemas', 'Pet', 'properties').name,
    ],
    ['an operation removed', (d: Json) => delete at(d, 'paths', '/pets').post],
    ['an operation deprecated', (d: Json) => Object.assign(at(d, 'paths', '/pets', 'get'), { deprecated: true })],
  ])('finds the same as comparing everything: %s', (_, change) => {
    const before = baseDescription();
    const after = changed(change);
    expect(findings(...withoutUnchanged(before, after))).toEqual(findings(before, after));
  });

  it('on a larger description, keeps only the operations a change reaches, through references, and finds the same', () => {
    const before = generated();
    const after = generated();
    // One resource's input schema, which its resource schema builds on (allOf), changes type in one field; one
    // operation changes its summary. (Not Error: every operation uses it.)
    const schemaName = Object.keys(at(after, 'components', 'schemas')).find((name) => name.startsWith('New'));
    const schema = at(after, 'components', 'schemas', schemaName as string);
    const property = Object.values((schema.properties ?? {}) as Record<string, Json>)[0];
    if (property) property.type = 'boolean';
    const lastPath = paths(after).at(-1) as string;
    const item = at(after, 'paths', lastPath);
    const method = Object.keys(item).find((key) => key === 'get' || key === 'post') as string;
    at(item, method).summary = 'Renamed';

    const [prunedBefore, prunedAfter] = withoutUnchanged(before, after);
    const kept = paths(prunedAfter);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(paths(after).length / 2);
    expect(kept).toContain(lastPath);
    const all = findings(before, after);
    expect(all.length).toBeGreaterThan(2);
    expect(findings(prunedBefore, prunedAfter)).toEqual(all);
  });

  it('compares every operation when what they inherit by name changes (a security scheme)', () => {
    const before = generated();
    const after = generated();
    at(after, 'components', 'securitySchemes', 'ApiKeyAuth').name = 'X-Key';
    const [, prunedAfter] = withoutUnchanged(before, after);
    expect(paths(prunedAfter)).toEqual(paths(after));
  });

  it('leaves nothing to compare between a description and itself', () => {
    const [before, after] = withoutUnchanged(generated(), generated());
    expect(paths(before)).toEqual([]);
    expect(paths(after)).toEqual([]);
  });
});
