/**
 * The home page's "at a glance" stays bounded: past the sidebar's threshold, the tags no group holds are one line
 * (linking to their list in the introduction), and a group lists its first tags and a count of the rest.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ApiAtAGlance from '../../src/components/home/ApiAtAGlance.astro';
import { loadApiModel } from '../../src/openapi/index.ts';
import { homeGlance } from '../../src/reference/site-lists/home-glance.ts';
import { tagsListedInFull } from '../../src/reference/site-lists/navigation.ts';

const tags = tagsListedInFull * 5;
const paths = Object.fromEntries(
  Array.from({ length: tags }, (_, i) => [
    `/things-${i}`,
    { get: { operationId: `listThings${i}`, tags: [`Things ${i}`], responses: { '200': { description: 'OK' } } } },
  ]),
);
const file = path.join(mkdtempSync(path.join(tmpdir(), 'glance-')), 'openapi.json');
writeFileSync(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'Many Tags', version: '1.0.0' }, paths }));
const model = await loadApiModel(file);

describe('the home page at a glance', () => {
  it(`puts ${tags} ungrouped tags on one line that links to their list, not a line each`, async () => {
    const container = await AstroContainer.create();
    const html = await container.renderToString(ApiAtAGlance, { props: { glance: homeGlance(model) } });
    expect(html.match(/<li>/g)).toHaveLength(1);
    expect(html).toContain(`href="/reference/#ungrouped-tags">Tags</a>`);
    expect(html).toContain(`${tags} tags (${tags} operations)`);
    expect(html.length).toBeLessThan(5_000);
  });
});
