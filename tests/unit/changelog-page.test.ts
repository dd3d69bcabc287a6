/**
 * The changelog as the site shows it (reference/changelog/changelog-sections.ts), its Atom feed (reference/changelog/changelog-feed.ts)
 * and the API catalog (publishing/api-catalog.ts), from tests/fixtures/changelog/ (three releases).
 */
import path from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Changelog } from '../../src/changes/changelog.ts';
import { loadChangelog } from '../../src/changes/load-changelog.ts';
import { type ApiModel, loadApiModel } from '../../src/openapi/index.ts';
import { apiCatalog, apisCatalog } from '../../src/publishing/api-catalog.ts';
import { changelogFeed } from '../../src/reference/changelog/changelog-feed.ts';
import { changelogSections, pageHistory, summaryParts } from '../../src/reference/changelog/changelog-sections.ts';

const garden = path.resolve(import.meta.dirname, '../fixtures/changelog/openapi.yaml');
const site = new URL('https://docs.garden.example/');
let model: ApiModel;
let changelog: Changelog;

beforeAll(async () => {
  model = await loadApiModel(garden);
  changelog = loadChangelog(garden) as Changelog;
});

describe('the changelog page', () => {
  it('groups a release’s changes by class, then by the operation or model they touch, linking to its page', () => {
    const [v2] = changelogSections(model, changelog);
    expect(v2?.id).toBe('v2-0-0');
    expect(v2?.groups.map((g) => [g.title, g.count, g.folded])).toEqual([
      ['Breaking changes', 4, false],
      ['Changed', 1, false],
      ['Descriptions and examples', 1, true],
    ]);
    expect(
      v2?.groups[0]?.items.map(({ target, changes }) => [target.label, target.call, target.href, changes.length]),
    ).toEqual([
      ['List plants', 'GET /plants', '/reference/plants/list-plants/', 1],
      ['Add a plant', 'POST /plants', '/reference/plants/add-plant/', 1],
      // Removed: no page to link to, named by its operationId.
      ['deletePlant', 'DELETE /plants/{plantId}', undefined, 1],
      ['Get a plant', 'GET /plants/{plantId}', '/reference/plants/get-plant/', 1],
    ]);
    expect(v2?.groups[1]?.items[0]?.target).toEqual({ label: 'Plant', href: '/reference/schemas/plant/' });
  });

  it('puts two changes to one operation under it, once', () => {
    const [, v11] = changelogSections(model, changelog);
    const added = v11?.groups.find((g) => g.title === 'Added');
    const list = added?.items.find((item) => item.target.label === 'List plants');
    expect(list?.changes.map((c) => c.summary)).toEqual([
      'Added query parameter `species`',
      'Added field `[].height` to the 200 response',
    ]);
  });

  it('says on a page when its subject came in, unless it was there from the first release, and when it last changed', () => {
    const history = (pointer: string) => pageHistory(changelog, changelog.operations.get(pointer));
    expect(history('/paths/~1plants~1{plantId}~1waterings/get')).toEqual({ addedIn: '1.1.0' });
    expect(history('/paths/~1plants/get')).toEqual({ changedIn: '2.0.0' });
    expect(pageHistory(changelog, changelog.models.get('Watering'))).toEqual({ addedIn: '1.1.0' });
    expect(pageHistory(undefined, { addedIn: '1.0.0' })).toEqual({});
  });

  it('shows what a sentence writes between backticks as code', () => {
    expect(summaryParts('Added field `height` to the 200 response')).toEqual([
      { text: 'Added field ', code: false },
      { text: 'height', code: true },
      { text: ' to the 200 response', code: false },
    ]);
  });
});

describe('the changelog feed', () => {
  const feedOf = () => changelogFeed(model, changelogSections(model, changelog), site);

  it('is well-formed Atom: an entry per release, newest first, dated, linking to its section', () => {
    const xml = feedOf();
    expect(XMLValidator.validate(xml)).toBe(true);
    const feed = parseFeed(xml);
    expect(feed.meta.type).toBe('atom');
    expect(feed.title).toBe('Garden API changelog');
    expect(feed.updated?.toISOString()).toBe('2026-08-10T00:00:00.000Z');
    expect(feed.items.map((item) => [item.title, item.id, item.url, item.updated?.toISOString().slice(0, 10)])).toEqual(
      [
        [
          'Garden API 2.0.0',
          'https://docs.garden.example/changelog/#v2-0-0',
          'https://docs.garden.example/changelog/#v2-0-0',
          '2026-08-10',
        ],
        [
          'Garden API 1.1.0',
          'https://docs.garden.example/changelog/#v1-1-0',
          'https://docs.garden.example/changelog/#v1-1-0',
          '2026-03-02',
        ],
        [
          'Garden API 1.0.0',
          'https://docs.garden.example/changelog/#v1-0-0',
          'https://docs.garden.example/changelog/#v1-0-0',
          '2026-01-15',
        ],
      ],
    );
    expect(feed.items[0]?.content).toContain(
      '<a href="https://docs.garden.example/reference/plants/list-plants/">List plants (GET /plants)</a>: Removed field <code>[].nickname</code> from the 200 response',
    );
  });

  it('leaves out a release not cut yet, and escapes what the description names', () => {
    const sections = changelogSections(model, changelog);
    const [newest, ...rest] = sections;
    const unreleased = { ...newest, version: '3.0.0', id: 'v3-0-0', released: false } as (typeof sections)[number];
    const hostile = structuredClone(rest);
    const first = hostile[0]?.groups[0]?.items[0];
    if (first) first.target.label = '<img src=x onerror=alert(1)>';
    const xml = changelogFeed(model, [unreleased, ...hostile], site);
    expect(parseFeed(xml).items.map((item) => item.title)).toEqual(['Garden API 1.1.0', 'Garden API 1.0.0']);
    // The entry's HTML holds the name as text (`&#x3C;img`), and the XML escapes that HTML once more.
    expect(xml).toContain(
      '&lt;a href=&quot;https://docs.garden.example/reference/plants/list-plants/&quot;&gt;&amp;#x3C;img src=x onerror=alert(1)&gt; (GET /plants)&lt;/a&gt;',
    );
    expect(xml).not.toContain('<img');
  });

  it('writes a hostile API title as text in every title, and leaves out characters XML cannot hold', () => {
    const title = 'Pets </title>]]>]]><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script>\u0001\uFFFF';
    const hostile = { ...model, info: { ...model.info, title } };
    const xml = changelogFeed(hostile, changelogSections(model, changelog), site);
    expect(XMLValidator.validate(xml)).toBe(true);
    // XML 1.0's Char production: anything else makes the whole feed unreadable.
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('CDATA');
    const feed = parseFeed(xml);
    const shown = 'Pets </title>]]>]]><script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script>';
    expect(feed.title).toBe(`${shown} changelog`);
    expect(feed.items.map((item) => item.title)).toEqual([`${shown} 2.0.0`, `${shown} 1.1.0`, `${shown} 1.0.0`]);
  });
});

describe('the API catalog (RFC 9727)', () => {
  it('is a linkset pointing at the API, its description, its docs and its changelog', () => {
    const catalog = JSON.parse(
      apiCatalog({
        title: 'Garden API',
        anchor: 'https://garden.example.com/v2',
        descriptions: [{ href: 'https://docs.garden.example/openapi.yaml', type: 'application/yaml' }],
        docs: 'https://docs.garden.example/reference/',
        changelog: {
          page: 'https://docs.garden.example/changelog/',
          feed: 'https://docs.garden.example/changelog/feed.xml',
        },
      }),
    );
    expect(catalog.linkset).toHaveLength(1);
    const [api] = catalog.linkset;
    expect(api.anchor).toBe('https://garden.example.com/v2');
    expect(api['service-desc']).toEqual([
      { href: 'https://docs.garden.example/openapi.yaml', type: 'application/yaml', title: 'Garden API (OpenAPI)' },
    ]);
    expect(api['service-doc'][0].href).toBe('https://docs.garden.example/reference/');
    expect(api['service-meta'].map((link: { type: string }) => link.type)).toEqual([
      'text/html',
      'application/atom+xml',
    ]);
  });

  it('has an entry per API in a site of several, each anchored at its reference, with its changelog when it has one', () => {
    const docs = 'https://docs.example.org';
    const entry = (id: string, title: string, releases: boolean) => ({
      title,
      anchor: `${docs}/reference/${id}/`,
      descriptions: [{ href: `${docs}/reference/${id}/openapi.yaml`, type: 'application/yaml' }],
      docs: `${docs}/reference/${id}/`,
      moreDocs: [{ href: `${docs}/reference/${id}.md`, type: 'text/markdown', title: `${title} reference (Markdown)` }],
      ...(releases
        ? {
            changelog: {
              page: `${docs}/reference/${id}/changelog/`,
              feed: `${docs}/reference/${id}/changelog/feed.xml`,
            },
          }
        : {}),
    });
    const { linkset } = JSON.parse(
      apisCatalog([
        entry('garden', 'Garden API', true),
        entry('trains', 'Train API', false),
        entry('kennel', 'Kennel', false),
      ]),
    );
    expect(linkset.map((api: { anchor: string }) => api.anchor)).toEqual([
      `${docs}/reference/garden/`,
      `${docs}/reference/trains/`,
      `${docs}/reference/kennel/`,
    ]);
    const [garden, trains] = linkset;
    expect(garden['service-desc'][0].href).toBe(`${docs}/reference/garden/openapi.yaml`);
    expect(garden['service-doc'].map((link: { type: string }) => link.type)).toEqual(['text/html', 'text/markdown']);
    expect(garden['service-meta'][0].href).toBe(`${docs}/reference/garden/changelog/`);
    expect(trains['service-meta']).toBeUndefined();
  });
});
