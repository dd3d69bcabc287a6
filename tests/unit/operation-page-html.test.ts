/**
 * Operation pages as HTML: every operation of the small descriptions in
 * tests/fixtures/specs/ (an operation's life: deprecated with a sunset and a
 * successor, experimental, beta, in tag groups; errors at a glance: the
 * catalog, 400/404/429 with their codes, Retry-After, rate-limit headers on
 * every response) rendered by OperationView.astro from its outline and kept as
 * a file under __snapshots__/operation-page/, so a review shows what the
 * markup became. A few assertions say what must hold whatever the snapshot.
 *
 * The HTML gets one change for reading: a line break before each block tag,
 * so diffs are line-based. The clock is frozen: the deprecation callout says
 * how long is left until the sunset.
 *
 * After an intended change of the markup, rewrite the files and review their diff:
 *   npx vitest run --config tests/vitest.config.ts tests/unit/operation-page-html.test.ts -u
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import OperationView from '../../src/components/reference/OperationView.astro';
import type { ApiModel } from '../../src/openapi/index.ts';
import { modelOf } from './support/check.ts';
import { operationViewProps } from './support/operation-view.ts';

const fixtures = ['lifecycle', 'errors'] as const;
type Fixture = (typeof fixtures)[number];

/** "Today" for every page: 220 days before the lifecycle fixture's sunset (2027-06-30). */
const buildDay = new Date('2026-11-22T12:00:00Z');

const root = path.resolve(import.meta.dirname, '../..');
const blockTags =
  /<(?=(?:address|article|aside|caption|details|div|dl|dd|dt|figcaption|figure|h[1-6]|li|ol|p|pre|script|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b)/g;

/** A line per block element; the script URLs Astro's container writes as file paths lose this checkout's folder. */
function readable(html: string): string {
  return `${html.replaceAll(`${root}/`, '/').replace(blockTags, '\n<').trim()}\n`;
}

const models = new Map<Fixture, ApiModel>();
const pages = new Map<string, string>();

function page(fixture: Fixture, operationId: string): string {
  const html = pages.get(`${fixture}-${operationId}`);
  if (html === undefined) throw new Error(`no page ${fixture}-${operationId}`);
  return html;
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(buildDay);
  const container = await AstroContainer.create();
  for (const fixture of fixtures) {
    const model = await modelOf(await readFile(path.join(root, `tests/fixtures/specs/${fixture}.yaml`), 'utf8'));
    models.set(fixture, model);
    for (const operation of model.operations) {
      const html = await container.renderToString(OperationView, {
        props: operationViewProps(model, operation),
      });
      pages.set(`${fixture}-${operation.operationId}`, readable(html));
    }
  }
});

afterAll(() => {
  vi.useRealTimers();
});

describe('operation pages as HTML', () => {
  it.each(fixtures)('match the reviewed markup for every operation of %s.yaml', async (fixture) => {
    const model = models.get(fixture);
    expect(model?.operations.length).toBeGreaterThan(0);
    for (const operation of model?.operations ?? []) {
      const name = `${fixture}-${operation.operationId}`;
      await expect(page(fixture, operation.operationId)).toMatchFileSnapshot(
        `./__snapshots__/operation-page/${name}.html`,
      );
    }
  });

  it('are the same markup when rendered again', async () => {
    const model = models.get('errors');
    const operation = model?.operations[0];
    if (!(model && operation)) throw new Error('no errors fixture');
    const container = await AstroContainer.create();
    const again = await container.renderToString(OperationView, {
      props: operationViewProps(model, operation),
    });
    expect(readable(again)).toBe(page('errors', operation.operationId));
  });
});

describe('a deprecated operation', () => {
  it('gives the sunset as <time>, the time left as of the build, and links its successor', () => {
    const html = page('lifecycle', 'getBird');
    expect(html).toContain('<aside aria-label="Deprecated" class="starlight-aside starlight-aside--danger">');
    expect(html).toContain('Deprecated since 2026-09-01.');
    expect(html).toContain(
      'It stops working on <time datetime="2027-06-30">30 June 2027</time> (sunset in 220 days, as of this build).',
    );
    expect(html).toContain('Use <a href="/reference/birds/get-bird-details/">');
    expect(html).toContain('<code>GET /birds/{birdId}/details</code>) instead.');
    // The console is told too, with the date as data.
    expect(html).toContain('&quot;deprecation&quot;:{&quot;sunset&quot;:&quot;2027-06-30&quot;');
  });

  it('is the only page with a deprecation callout', () => {
    for (const id of ['getBirdDetails', 'listSongs', 'createNest']) {
      expect(page('lifecycle', id)).not.toContain('starlight-aside--danger');
    }
  });
});

describe('stability levels and tag groups', () => {
  it('shows experimental and beta as a badge and a callout saying what they promise', () => {
    const experimental = page('lifecycle', 'listSongs');
    expect(experimental).toMatch(/<span class="sl-badge caution small[^"]*">Experimental<\/span>/);
    expect(experimental).toContain(
      '<aside aria-label="Experimental" class="starlight-aside starlight-aside--caution">',
    );
    const beta = page('lifecycle', 'createNest');
    expect(beta).toMatch(/<span class="sl-badge [^"]*">Beta<\/span>/);
    expect(beta).toContain('<aside aria-label="Beta" class="starlight-aside starlight-aside--note">');
    expect(page('lifecycle', 'getBirdDetails')).not.toContain('sl-badge');
  });

  it('names the tag on the page; the groups are navigation only', () => {
    expect(models.get('lifecycle')?.tagGroups.map((g) => [g.name, g.tags])).toEqual([
      ['Aviary', ['Birds']],
      ['Research', ['Labs']],
    ]);
    expect(page('lifecycle', 'listSongs')).toContain('<span>Tag: Labs</span>');
    expect(page('lifecycle', 'listSongs')).not.toContain('Research');
  });
});

describe('errors at a glance', () => {
  it("links each row's code to its entry in the error catalog", () => {
    const list = page('errors', 'listToys');
    expect(list).toContain('<a href="/reference/errors/#code-invalid_parameter"><code>invalid_parameter</code></a>');
    expect(list).toContain('<a href="/reference/errors/#code-rate_limited"><code>rate_limited</code></a>');
    expect(list).not.toContain('toy_not_found');
    const get = page('errors', 'getToy');
    expect(get).toContain('<a href="/reference/errors/#code-toy_not_found"><code>toy_not_found</code></a>');
    // A global code (any request can get it) is the catalog's business, not every operation's.
    expect(get).not.toContain('route_not_found');
  });

  it('without error codes, shows no Code or What to do column, and says which statuses send each error body', async () => {
    const model = await modelOf(`openapi: 3.0.3
info: { title: t, version: 1.0.0 }
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: OK }
        '400': { description: Bad., content: { text/plain: { schema: { type: string } } } }
        '404': { description: No such thing., content: { application/json: { schema: { type: object, properties: { message: { type: string } } } } } }
        '500': { description: It broke., content: { application/json: { schema: { type: object, properties: { reason: { type: string } } } } } }
`);
    const [operation] = model.operations;
    if (!operation) throw new Error('no operation');
    const container = await AstroContainer.create();
    const html = readable(
      await container.renderToString(OperationView, {
        props: operationViewProps(model, operation),
      }),
    );
    expect(html).toContain('<th scope="col">Status</th>');
    expect(html).not.toContain('<th scope="col">Code</th>');
    expect(html).not.toContain('<th scope="col">What to do</th>');
    expect(html).not.toContain('>—<');
    // No error model to link to: each body listed is said to be the one of its statuses.
    for (const status of ['400', '404', '500']) expect(html).toContain(`The body of ${status}:`);
  });

  it('describes Retry-After once under the table, linked from the 429 row', () => {
    const list = page('errors', 'listToys');
    expect(list).toContain('Also sends <a href="#header-retry-after"><code>Retry-After</code></a>.');
    expect(list.match(/id="header-retry-after"/g)).toHaveLength(1);
  });

  it('describes the rate-limit headers once for every response', () => {
    const list = page('errors', 'listToys');
    expect(list).toContain('<summary>Headers on every response (2)</summary>');
    expect(list.match(/id="header-x-rate-limit-limit"/g)).toHaveLength(1);
    expect(list).toContain('<a href="/reference/schemas/error/">Error</a>');
  });
});

describe('authentication', () => {
  /** The text of the Authentication section of the one operation of a description whose security is `security`. */
  async function authenticationOf(security: string): Promise<string> {
    const model = await modelOf(`openapi: 3.0.3
info: { title: Keys, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      security: ${security}
      responses:
        '200': { description: OK }
components:
  securitySchemes:
    header: { type: apiKey, in: header, name: X-Key }
    query: { type: apiKey, in: query, name: key }
    bearer: { type: http, scheme: bearer }
`);
    const [operation] = model.operations;
    if (!operation) throw new Error('no operation');
    const container = await AstroContainer.create();
    const html = await container.renderToString(OperationView, {
      props: operationViewProps(model, operation),
    });
    const section = /<h3 id="authentication">[\s\S]*?(?=<h[23] )/.exec(html)?.[0] ?? '';
    return section
      .replace(/<\/?(?:h3|p|ul|li)\b[^>]*>/g, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  }

  it('joins the schemes one requirement needs with "and", and introduces a choice of requirements', async () => {
    expect(await authenticationOf('[{ header: [], query: [] }, { bearer: [] }]')).toBe(
      'Authentication Any one of these: ' +
        'Send your API key in the X-Key header (header), and send your API key in the key query parameter (query). ' +
        'bearer: http (bearer) (how to get one).',
    );
  });

  it('says where credentials are optional (an empty requirement), and that none are needed where it is the only one', async () => {
    expect(await authenticationOf('[{}, { bearer: [] }]')).toContain(
      'Without credentials: this operation also answers calls that send none.',
    );
    expect(await authenticationOf('[{}]')).toBe(
      'Authentication No authentication: this operation can be called without credentials.',
    );
  });
});
