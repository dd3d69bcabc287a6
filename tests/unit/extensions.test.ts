/** The precedence rules and lenient readers for vendor extensions, one named helper each. */
import { describe, expect, it } from 'vitest';
import { primaryBadge, readStability } from '../../src/openapi/extensions/stability.ts';
import { readTryIt } from '../../src/openapi/extensions/try-it.ts';
import { buildTagGroups, chooseGroupingSource, type DeclaredTag } from '../../src/openapi/extensions/x-tag-groups.ts';
import type { ApiModel } from '../../src/openapi/index.ts';
import { minimalSpec, modelOf } from './support/check.ts';

describe('stability', () => {
  it('x-scalar-stability beats its aliases', () => {
    const read = readStability({ 'x-scalar-stability': 'beta', 'x-stability': 'experimental' }, '/op');
    expect(read.value).toBe('beta');
  });

  it.each([
    [{ 'x-stability': 'alpha' }, 'experimental'],
    [{ 'x-fern-availability': 'pre-release' }, 'beta'],
    [{ 'x-fern-availability': 'generally-available' }, 'stable'],
    [{ 'x-badges': [{ name: 'New' }, { name: 'Beta', position: 'after' }] }, 'beta'],
    [{}, 'stable'],
  ])('reads the alias %j as %s', (operation, level) => {
    expect(readStability(operation, '/op').value).toBe(level);
  });

  it('ignores an unknown level with a warning instead of failing', () => {
    const read = readStability({ 'x-scalar-stability': 'wobbly' }, '/op');
    expect(read.value).toBe('stable');
    expect(read.problems).toEqual([
      expect.objectContaining({ severity: 'warning', pointer: '/op/x-scalar-stability' }),
    ]);
  });

  it('deprecated beats any stability level in the badge', () => {
    expect(primaryBadge(true, '2027-06-30', 'beta')).toEqual({ kind: 'deprecated', sunset: '2027-06-30' });
    expect(primaryBadge(false, undefined, 'beta')).toEqual({ kind: 'beta' });
    expect(primaryBadge(false, undefined, 'stable')).toBeUndefined();
  });

  it('treats x-scalar-stability: deprecated as a deprecated operation', async () => {
    const model = await modelOf(
      minimalSpec.replace('      tags: [Things]\n', '      tags: [Things]\n      x-scalar-stability: deprecated\n'),
    );
    expect(model.operations[0]?.badge).toEqual({ kind: 'deprecated' });
  });
});

describe('try-it policy', () => {
  it('is on unless something turns it off', () => {
    expect(readTryIt({}, '/op').value).toEqual({ enabled: true });
  });

  it('takes the reason from the canonical x-try-it', () => {
    const read = readTryIt({ 'x-try-it': { enabled: false, reason: 'Returns personal data.' } }, '/op');
    expect(read.value).toEqual({ enabled: false, reason: 'Returns personal data.', source: 'x-try-it' });
  });

  it.each([
    ['x-explorer-enabled', false],
    ['x-hideTryItPanel', true],
    ['x-hideReplay', true],
    ['x-fern-explorer', false],
  ])('accepts the alias %s: %s', (key, value) => {
    const read = readTryIt({ [key]: value }, '/op');
    expect(read.value).toMatchObject({ enabled: false, source: key });
  });

  it('lets the canonical extension win over an alias', () => {
    expect(readTryIt({ 'x-try-it': { enabled: true }, 'x-hideTryItPanel': true }, '/op').value).toEqual({
      enabled: true,
    });
  });

  it('refuses a malformed x-try-it, since it is our own extension', () => {
    const read = readTryIt({ 'x-try-it': false }, '/op');
    expect(read.problems[0]).toMatchObject({ severity: 'error', pointer: '/op/x-try-it' });
  });
});

describe('tag groups', () => {
  const tags = (names: string[], parents: Record<string, string> = {}): DeclaredTag[] =>
    names.map((name, index) => ({ name, index, ...(parents[name] ? { parent: parents[name] } : {}) }));

  it('parent beats x-tagGroups beats no grouping', () => {
    expect(chooseGroupingSource(tags(['A', 'B'], { A: 'B' }), [{ name: 'G', tags: ['A'] }])).toBe('parent');
    expect(chooseGroupingSource(tags(['A']), [{ name: 'G', tags: ['A'] }])).toBe('x-tagGroups');
    expect(chooseGroupingSource(tags(['A']), undefined)).toBe('none');
  });

  it('puts ungrouped tags after the groups, each in an implicit group of its own, with a warning', () => {
    const read = buildTagGroups(tags(['A', 'B', 'C']), [{ name: 'G', tags: ['B'] }], ['A', 'B', 'C']);
    expect(read.value).toEqual([
      { name: 'G', tags: ['B'] },
      { name: 'A', tags: ['A'], implicit: true },
      { name: 'C', tags: ['C'], implicit: true },
    ]);
    expect(read.problems).toEqual([expect.objectContaining({ severity: 'warning' })]);
    expect(read.problems[0]?.message).toBe('No group holds "A", "C"; they are listed on their own after the groups.');
  });

  it('builds groups from parents, the parent tag giving the group its description', () => {
    const declared: DeclaredTag[] = [
      { name: 'Pets', index: 0, description: 'Animals and categories.' },
      { name: 'Animals', index: 1, parent: 'Pets' },
      { name: 'Categories', index: 2, parent: 'Pets' },
    ];
    const read = buildTagGroups(declared, undefined, ['Animals', 'Categories']);
    expect(read.value).toEqual([
      { name: 'Pets', description: 'Animals and categories.', tags: ['Animals', 'Categories'] },
    ]);
    expect(read.problems).toEqual([]);
  });

  it('lists an operation with several tags under each', async () => {
    const model = await modelOf(minimalSpec.replace('tags: [Things]', 'tags: [Things, Stuff]'));
    expect(model.tags.map((t) => [t.name, t.operations])).toEqual([
      ['Things', ['listThings']],
      ['Stuff', ['listThings']],
    ]);
    expect(model.operations[0]?.slug).toBe('things/list-things');
  });

  it('still builds a description with no tags at all', async () => {
    const model = await modelOf(minimalSpec.replace('      tags: [Things]\n', ''));
    expect(model.tagGroups).toEqual([{ name: 'Other', tags: ['Other'], implicit: true }]);
    // Most public descriptions have no groups: their tags are listed on their own, which is nothing to warn about.
    expect(model.warnings).toEqual([]);
  });
});

describe('request policy', () => {
  /** A POST /things taking `schema` as its JSON body, under a policy that refuses unknown fields. */
  const strictSpec = (schema: string) =>
    `${minimalSpec}    post:
      operationId: addThing
      tags: [Things]
      requestBody:
        content:
          application/json:
            schema:
${schema}
      responses:
        '201':
          description: Created
x-request-policy:
  unknownFields: reject
`;
  const closedBodyWarnings = (model: ApiModel) =>
    model.warnings.filter((w) => w.message.startsWith('x-request-policy refuses unknown body fields'));

  it('warns when the server refuses unknown fields but a body schema allows them', async () => {
    const model = await modelOf(
      strictSpec('              type: object\n              properties: { name: { type: string } }'),
    );
    expect(closedBodyWarnings(model).map((w) => w.pointer)).toEqual([
      '/paths/~1things/post/requestBody/content/application~1json/schema',
    ]);
  });

  it('is content when the body schema closes the object', async () => {
    const model = await modelOf(
      strictSpec(
        '              type: object\n              additionalProperties: false\n              properties: { name: { type: string } }',
      ),
    );
    expect(closedBodyWarnings(model)).toEqual([]);
  });
});
