/** The reference's sidebar (src/reference/site-lists/navigation.ts): which groups, tags and operations each page lists. */
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { beforeAll, describe, expect, it } from 'vitest';
import IntroductionView from '../../src/components/reference/IntroductionView.astro';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { pageHeadings, pageOutline, referenceRoutes } from '../../src/reference/page-kinds.ts';
import { introductionOutline } from '../../src/reference/pages/introduction-outline.ts';
import { operationTitle, referenceUrls } from '../../src/reference/routes.ts';
import {
  groupAnchor,
  operationsAroundCurrent,
  operationsListedInFull,
  referenceSidebar,
  type SidebarItem,
  tagsAroundCurrent,
  tagsListedEverywhere,
  tagsListedInFull,
  ungroupedAnchor,
  ungroupedHeading,
} from '../../src/reference/site-lists/navigation.ts';
import { modelOf } from './support/check.ts';

let petStore: ApiModel;
beforeAll(async () => {
  petStore = await loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../..'), {}));
});

/** Labels as a tree: a group is `{ label: [its entries] }`, a link its label. */
const labels = (items: SidebarItem[]): unknown[] =>
  items.map((item) => ('items' in item ? { [item.label]: labels(item.items) } : item.label));

/** The entries under "API reference". */
const reference = (items: SidebarItem[]): SidebarItem[] => {
  const [top] = items;
  if (!top || !('items' in top) || top.label !== 'API reference') throw new Error('no "API reference" group');
  return top.items;
};

const find = (items: SidebarItem[], label: string): SidebarItem | undefined => {
  for (const item of items) {
    if (item.label === label) return item;
    const inside = 'items' in item ? find(item.items, label) : undefined;
    if (inside) return inside;
  }
  return undefined;
};

const itemsOf = (item: SidebarItem | undefined): SidebarItem[] => {
  if (!item || !('items' in item)) throw new Error(`${item?.label ?? 'nothing'} is not a group`);
  return item.items;
};

/**
 * A description whose tags hold `sizes[i]` operations each (tag `T<i+1>`, operation `t<i+1>op<j>`, "T1 op 3"),
 * grouped by `groups` (lists of tag numbers, group `G<k+1>`); tags in no group are left out of `x-tagGroups`.
 */
function description(sizes: number[], groups: number[][] = [sizes.map((_, i) => i + 1)]): string {
  const paths: Record<string, unknown> = {};
  sizes.forEach((size, i) => {
    for (let j = 1; j <= size; j++) {
      paths[`/t${i + 1}/op${j}`] = {
        get: {
          operationId: `t${i + 1}op${j}`,
          summary: `T${i + 1} op ${j}`,
          tags: [`T${i + 1}`],
          responses: { '200': { description: 'OK' } },
        },
      };
    }
  });
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Generated', version: '1.0.0' },
    paths,
    'x-tagGroups': groups.map((tags, k) => ({ name: `G${k + 1}`, tags: tags.map((n) => `T${n}`) })),
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('groups', () => {
  it("lists every group's tags on every page of the Pet Store, the groups being labels, not links", () => {
    const listPets = petStore.operations.find((o) => o.operationId === 'listPets');
    if (!listPets) throw new Error('no listPets');
    const sidebar = reference(referenceSidebar(petStore, new Set(listPets.tags), listPets.operationId));
    for (const group of petStore.tagGroups) {
      const entry = find(sidebar, group.name);
      expect(entry && 'link' in entry, `${group.name} is a link`).toBe(false);
      expect(itemsOf(entry).map((i) => i.label)).toEqual(group.tags);
    }
    // Other groups than the reader's are not squeezed into one "… tags" link.
    expect(sidebar.map((i) => i.label)).not.toContain('Store tags');
    const store = petStore.tagGroups.find((g) => !g.tags.some((t) => listPets.tags.includes(t)));
    for (const tag of store?.tags ?? []) {
      expect(find(sidebar, tag)).toEqual({ label: tag, link: expect.stringMatching(/^\/reference\/[^#]+\/$/) });
    }
  });

  it(`lists every group's tags up to ${tagsListedEverywhere} tags, and shows other groups as one link above`, async () => {
    const layout = (tags: number) => [range(1, 10), range(11, 20), range(21, tags)];
    const atThreshold = await modelOf(description(Array(tagsListedEverywhere).fill(1), layout(tagsListedEverywhere)));
    const onT1 = reference(referenceSidebar(atThreshold, new Set(['T1']), 't1op1'));
    expect(onT1.map((i) => i.label)).toEqual(['Introduction', 'G1', 'G2', 'G3', 'Models']);
    expect(itemsOf(find(onT1, 'G3')).map((i) => i.label)).toEqual(range(21, 30).map((n) => `T${n}`));
    const nowhere = reference(referenceSidebar(atThreshold));
    expect(itemsOf(find(nowhere, 'G2'))).toHaveLength(10);

    const over = await modelOf(description(Array(tagsListedEverywhere + 1).fill(1), layout(tagsListedEverywhere + 1)));
    const urls = referenceUrls(over);
    const onT1Over = reference(referenceSidebar(over, new Set(['T1']), 't1op1'));
    expect(labels(onT1Over)).toEqual([
      'Introduction',
      { G1: [{ T1: ['Overview', 'T1 op 1'] }, ...range(2, 10).map((n) => `T${n}`)] },
      'G2 tags',
      'G3 tags',
      'Models',
    ]);
    expect(find(onT1Over, 'G3 tags')).toEqual({ label: 'G3 tags', link: `${urls.introduction}#${groupAnchor('G3')}` });
    expect(reference(referenceSidebar(over)).map((i) => i.label)).toEqual([
      'Introduction',
      'G1 tags',
      'G2 tags',
      'G3 tags',
      'Models',
    ]);
  });
});

describe('a large group', () => {
  it(`lists all its tags up to ${tagsListedInFull}, and past that the ${2 * tagsAroundCurrent + 1} around the page's own`, async () => {
    const count = tagsListedInFull + 20; // 50 tags in G1, and one more tag in G2
    const model = await modelOf(description(Array(count + 1).fill(1), [range(1, count), [count + 1]]));
    const urls = referenceUrls(model);
    const g1On = (tags: string[]) => labels(itemsOf(find(reference(referenceSidebar(model, new Set(tags))), 'G1')));
    const all = { label: `All ${count} G1 tags`, link: `${urls.introduction}#${groupAnchor('G1')}` };
    // In the middle: ten either side. At the start: the first 21.
    expect(g1On(['T25'])).toEqual([
      ...range(15, 24).map((n) => `T${n}`),
      { T25: ['Overview', 'T25 op 1'] },
      ...range(26, 35).map((n) => `T${n}`),
      all.label,
    ]);
    expect(g1On(['T2'])).toEqual([
      'T1',
      { T2: ['Overview', 'T2 op 1'] },
      ...range(3, 21).map((n) => `T${n}`),
      all.label,
    ]);
    // A page with two tags of the group (its own first) centres on its own and keeps the other open too.
    expect(g1On(['T48', 'T3'])).toEqual([
      { T3: ['Overview', 'T3 op 1'] },
      ...range(30, 47).map((n) => `T${n}`),
      { T48: ['Overview', 'T48 op 1'] },
      'T49',
      'T50',
      all.label,
    ]);
    expect(find(reference(referenceSidebar(model, new Set(['T25']))), all.label)).toEqual(all);
  });

  it(`lists a group of ${tagsListedInFull} tags in full`, async () => {
    const model = await modelOf(description(Array(tagsListedInFull + 1).fill(1), [range(1, tagsListedInFull), [31]]));
    const g1 = itemsOf(find(reference(referenceSidebar(model, new Set(['T1']))), 'G1'));
    expect(g1).toHaveLength(tagsListedInFull);
  });
});

it('says "tags" once when a group is already named so', async () => {
  const text = description(Array(tagsListedEverywhere + 1).fill(1), [range(1, 10), range(11, 31)]).replaceAll(
    '"G2"',
    '"Admin tags"',
  );
  const sidebar = reference(referenceSidebar(await modelOf(text), new Set(['T1'])));
  expect(sidebar.map((item) => item.label)).toContain('Admin tags');
  expect(labels(sidebar)).not.toContain('Admin tags tags');
});

describe('tags in no group', () => {
  it('are plain entries after the groups, never a group of their own', async () => {
    const model = await modelOf(description([1, 2, 1], [[2]]));
    expect(model.tagGroups.filter((g) => g.implicit).map((g) => g.name)).toEqual(['T1', 'T3']);
    expect(labels(reference(referenceSidebar(model)))).toEqual(['Introduction', { G1: ['T2'] }, 'T1', 'T3', 'Models']);
    // On its own pages, such a tag lists its operations at the top level, not inside a group named after it.
    expect(labels(reference(referenceSidebar(model, new Set(['T1']), 't1op1')))).toEqual([
      'Introduction',
      { G1: ['T2'] },
      { T1: ['Overview', 'T1 op 1'] },
      'T3',
      'Models',
    ]);
  });

  it(`are plain entries in a description with no groups at all, all of them up to ${tagsListedInFull}`, async () => {
    const sizes = Array(tagsListedInFull).fill(1);
    const model = await modelOf(description(sizes, []));
    const sidebar = reference(referenceSidebar(model, new Set(['T2']), 't2op1'));
    expect(sidebar.map((i) => i.label)).toEqual(['Introduction', ...sizes.map((_, i) => `T${i + 1}`), 'Models']);
    expect(sidebar.some((i) => i.label.endsWith(' tags'))).toBe(false);
    // The introduction keeps a section for each, as before.
    const html = await (await AstroContainer.create()).renderToString(IntroductionView, {
      props: { outline: introductionOutline(model), files: [] },
    });
    expect(html).not.toContain(ungroupedAnchor);
    expect(html).toContain(`<h3 id="${groupAnchor('T30')}">T30</h3>`);
  });

  describe(`more than ${tagsListedInFull}`, () => {
    const count = 2_000;
    const size = 2 * tagsAroundCurrent + 1;
    let many: ApiModel;
    beforeAll(async () => {
      many = await modelOf(description(Array(count).fill(1), []));
    });
    const tags = (from: number, to: number) => range(from, to).map((n) => `T${n}`);
    const all = () => ({ label: 'All 2,000 tags', link: `${referenceUrls(many).introduction}#${ungroupedAnchor}` });

    it(`show a window of ${size} around the page's own and a link to where the introduction lists them all`, () => {
      expect(labels(reference(referenceSidebar(many, new Set(['T1000']), 't1000op1')))).toEqual([
        'Introduction',
        ...tags(990, 999),
        { T1000: ['Overview', 'T1000 op 1'] },
        ...tags(1001, 1010),
        'All 2,000 tags',
        'Models',
      ]);
      expect(find(reference(referenceSidebar(many, new Set(['T1000']))), 'All 2,000 tags')).toEqual(all());
      // At either end, and on pages with none of them open (the introduction, models), the window keeps its size.
      expect(labels(reference(referenceSidebar(many, new Set(['T2000'])))).slice(1, size + 1)).toEqual([
        ...tags(count - size + 1, count - 1),
        { T2000: ['Overview', 'T2000 op 1'] },
      ]);
      expect(reference(referenceSidebar(many)).map((i) => i.label)).toEqual([
        'Introduction',
        ...tags(1, size),
        'All 2,000 tags',
        'Models',
      ]);
    });

    it('cost every page the same sidebar, however many tags there are', async () => {
      const bytes = (model: ApiModel, tag: number) =>
        JSON.stringify(referenceSidebar(model, new Set([`T${tag}`]), `t${tag}op1`)).length;
      const fewer = await modelOf(description(Array(100).fill(1), []));
      for (const tag of [1, 1000, count]) {
        const entries = reference(referenceSidebar(many, new Set([`T${tag}`]), `t${tag}op1`));
        expect(entries).toHaveLength(size + 3); // the window, the link, Introduction and Models
        // Labels and links gain a digit or two ("T1000" for "T50"), nothing more.
        expect(bytes(many, tag)).toBeLessThan(bytes(fewer, 50) * 1.2);
      }
      expect(bytes(many, 1000)).toBeLessThan(5_000);
    });

    it('are listed together on the introduction, where the link leads, each under its own anchor too', async () => {
      const html = await (await AstroContainer.create()).renderToString(IntroductionView, {
        props: { outline: introductionOutline(many), files: [] },
      });
      const section = html.slice(html.indexOf(`<section aria-labelledby="${ungroupedAnchor}">`));
      expect(section).toMatch(new RegExp(`^<section[^>]*><h3 id="${ungroupedAnchor}">Tags</h3>`));
      for (const n of [1, 1000, count]) {
        expect(section).toContain(`<li id="${groupAnchor(`T${n}`)}"><a href="/reference/t${n}/">T${n}</a>`);
      }
      // One list, not a section (and a heading) for each tag.
      expect(html.match(/<h3/g)?.length ?? 0).toBeLessThan(10);
      expect(html.match(/<li id="group-/g)).toHaveLength(count);
    });

    it('say "other tags" after real groups, and leave the groups as they were', async () => {
      const model = await modelOf(description(Array(tagsListedInFull + 3).fill(1), [range(1, 2)]));
      const onT1 = reference(referenceSidebar(model, new Set(['T1']), 't1op1'));
      expect(labels(onT1)).toEqual([
        'Introduction',
        { G1: [{ T1: ['Overview', 'T1 op 1'] }, 'T2'] },
        ...tags(3, 3 + size - 1),
        `All ${tagsListedInFull + 1} other tags`,
        'Models',
      ]);
      expect(ungroupedHeading(model)).toBe('Other tags');
      expect(ungroupedHeading(many)).toBe('Tags');
    });
  });
});

describe("a large tag's operations", () => {
  let big: ApiModel;
  beforeAll(async () => {
    big = await modelOf(description([120, 3]));
  });
  const size = 2 * operationsAroundCurrent + 1;
  const opened = (model: ApiModel, operationId?: string, tag = 'T1') =>
    itemsOf(find(referenceSidebar(model, new Set([tag]), operationId), tag));
  const ops = (from: number, to: number) => range(from, to).map((n) => `T1 op ${n}`);

  it(`are all listed up to ${operationsListedInFull}`, async () => {
    const model = await modelOf(description([operationsListedInFull]));
    expect(opened(model, 't1op25').map((i) => i.label)).toEqual(['Overview', ...ops(1, operationsListedInFull)]);
  });

  it('show a window around the current operation and a link to all of them on the overview', () => {
    const items = opened(big, 't1op60');
    const urls = referenceUrls(big);
    const tag = big.tags.find((t) => t.name === 'T1');
    if (!tag) throw new Error('no T1');
    expect(items.map((i) => i.label)).toEqual([
      'Overview',
      ...ops(60 - operationsAroundCurrent, 60 + operationsAroundCurrent),
      'All 120 operations',
    ]);
    expect(items[0]).toEqual({ label: 'Overview', link: urls.tag(tag) });
    expect(items.at(-1)).toEqual({ label: 'All 120 operations', link: `${urls.tag(tag)}#operations` });
    // The current operation is a link to its own page (Starlight marks it current), with method and all.
    const current = big.operations.find((o) => o.operationId === 't1op60');
    expect(items).toContainEqual({
      label: current ? operationTitle(current) : '',
      link: current ? urls.operation(current) : '',
      attrs: { 'data-method': 'GET' },
    });
    // The other tag is small and unaffected.
    expect(opened(big, 't2op1', 'T2').map((i) => i.label)).toEqual(['Overview', 'T2 op 1', 'T2 op 2', 'T2 op 3']);
  });

  it('keep the window its full size at the first and last operations', () => {
    expect(opened(big, 't1op1').map((i) => i.label)).toEqual(['Overview', ...ops(1, size), 'All 120 operations']);
    expect(opened(big, 't1op3').map((i) => i.label)).toEqual(['Overview', ...ops(1, size), 'All 120 operations']);
    expect(opened(big, 't1op120').map((i) => i.label)).toEqual([
      'Overview',
      ...ops(120 - size + 1, 120),
      'All 120 operations',
    ]);
  });

  it("show the first window on the tag's overview", () => {
    expect(opened(big).map((i) => i.label)).toEqual(['Overview', ...ops(1, size), 'All 120 operations']);
  });

  it('cost a page the same however large the tag grows', async () => {
    const bytes = async (operations: number) => {
      const model = await modelOf(description([operations]));
      const middle = `t1op${Math.ceil(operations / 2)}`;
      return JSON.stringify(referenceSidebar(model, new Set(['T1']), middle)).length;
    };
    const at100 = await bytes(100);
    const at1000 = await bytes(1000);
    // Labels and links gain a digit ("op 500" for "op 50"), nothing more.
    expect(at1000).toBeLessThan(at100 * 1.1);
    expect(at1000).toBeLessThan(5_000);
  });
});

describe('a tag that is a page of text', () => {
  it('is one link in its group, even on its own page, whose contents are its sections, not "Operations"', async () => {
    const model = await modelOf(`openapi: 3.0.3
info: { title: Intro, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      tags: [Things]
      responses: { '200': { description: OK } }
tags:
  - name: About
    description: |
      How the API works.

      ## Requests

      Send them over HTTPS.
  - name: Things
x-tagGroups:
  - name: Guide
    tags: [About, Things]
`);
    const intro = model.tags.find((t) => t.name === 'About');
    if (!intro) throw new Error('no About tag');
    const sidebar = reference(referenceSidebar(model, new Set(['About'])));
    expect(find(sidebar, 'About')).toEqual({ label: 'About', link: referenceUrls(model).tag(intro) });
    const route = referenceRoutes(model).find((r) => r.type === 'tag' && r.tag === intro);
    if (!route) throw new Error('no page for the About tag');
    expect(pageHeadings(pageOutline(model, route))).toEqual([{ depth: 2, slug: 'about-requests', text: 'Requests' }]);
  });
});
