/** src/openapi/normalize/tags.ts and x-tag-groups.ts: 3.2's tag `summary`, `parent` and `kind`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagLabel } from '../../../src/reference/routes.ts';
import { minimalSpec, modelOf } from '../support/check.ts';

const events = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/events-3.2/openapi.yaml'), 'utf8');

describe('3.2 tags', () => {
  it('are labelled by their summary, and their groups by the parent’s summary', async () => {
    const model = await modelOf(events);
    expect(model.tags.map(tagLabel)).toEqual(['Publishing', 'Searching', 'Subscriptions']);
    expect(model.tagGroups.map((g) => [tagLabel(g), g.tags, g.implicit ?? false])).toEqual([
      ['Events', ['publishing', 'search'], false],
      ['Subscriptions', ['subscriptions'], true],
    ]);
  });

  it('without a parent are top-level entries, which is no warning when others have parents', async () => {
    const model = await modelOf(events);
    expect(model.warnings).toEqual([]);
  });

  it('of a kind other than nav are listed like nav tags, with one warning that says so', async () => {
    const model = await modelOf(
      events.replace('    summary: Subscriptions\n    kind: nav', '    summary: Subscriptions\n    kind: audience'),
    );
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/tags/3/kind',
        'A tag has the kind "audience", which the portal does not tell apart: it lists every tag in its navigation, as `nav` tags are.',
      ],
    ]);
    expect(model.tags.map((t) => t.name)).toContain('subscriptions');
  });

  it('keep the name as the label where there is no summary', () => {
    expect(tagLabel({ name: 'pets' })).toBe('pets');
  });
});

describe('tags and their groups', () => {
  it('accepts the OAS 3.2 tag parent and groups by it', async () => {
    const text = `${minimalSpec}tags:
  - name: Everything
    description: All of it.
  - name: Things
    parent: Everything
`;
    const model = await modelOf(text);
    expect(model.tagGroups).toEqual([{ name: 'Everything', description: 'All of it.', tags: ['Things'] }]);
    expect(model.warnings).toEqual([]);
  });

  it('warns about a tag declared twice and uses the first declaration everywhere', async () => {
    const text = `${minimalSpec}tags:
  - name: Things
    description: First.
  - name: Things
    description: Second.
x-tagGroups:
  - name: Group
    tags: [Things]
`;
    const model = await modelOf(text);
    expect(model.tags[0]?.description).toBe('First.');
    expect(model.warnings.map((w) => [w.pointer, w.message])).toEqual([
      ['/tags/1', 'The tag "Things" is declared twice; the first declaration is used.'],
    ]);
  });

  it('puts a loose tag named like a group into that group instead of making a second one', async () => {
    const text = `${minimalSpec}  /pets:
    get:
      operationId: listPets
      tags: [Pets]
      responses:
        '200':
          description: OK
x-tagGroups:
  - name: Pets
    tags: [Things]
`;
    const model = await modelOf(text);
    expect(model.tagGroups).toEqual([{ name: 'Pets', tags: ['Pets', 'Things'] }]);
  });
});

describe('a tag with a description and no operations', () => {
  const withIntro = (tags: string, groups: string) =>
    modelOf(`${minimalSpec}tags:
${tags}
  - name: Things
x-tagGroups:
${groups}
`);

  it('is a page of text in its group, labelled by its x-displayName, as Redoc shows one', async () => {
    const model = await withIntro(
      '  - name: Public APIs Introduction\n    x-displayName: Introduction\n    x-traitTag: true\n    description: How the API works.',
      '  - name: Public APIs\n    tags: [Public APIs Introduction, Things]',
    );
    expect(model.tags.map((t) => [tagLabel(t), t.slug, t.operations.length])).toEqual([
      ['Introduction', 'public-apis-introduction', 0],
      ['Things', 'things', 1],
    ]);
    expect(model.tagGroups.map((g) => [g.name, g.tags])).toEqual([
      ['Public APIs', ['Public APIs Introduction', 'Things']],
    ]);
    expect(model.warnings).toEqual([]);
  });

  it('describes its group instead where it names one, and is warned about where it has nothing to show', async () => {
    const model = await withIntro(
      '  - name: Everything\n    description: All there is.\n  - name: Empty',
      '  - name: Everything\n    tags: [Things]',
    );
    expect(model.tags.map((t) => t.name)).toEqual(['Things']);
    expect(model.tagGroups[0]?.description).toBe('All there is.');
    expect(model.warnings.map((w) => w.message)).toEqual([
      'The tag "Empty" has no operations, no description and names no group; it gets no page.',
    ]);
  });
});
