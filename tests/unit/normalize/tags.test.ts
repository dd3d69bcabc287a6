/** src/openapi/normalize/tags.ts and x-tag-groups.ts: 3.2's tag `summary`, `parent` and `kind`. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tagLabel } from '../../../src/reference/routes.ts';
import { modelOf } from '../support/check.ts';

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
