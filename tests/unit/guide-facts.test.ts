/**
 * What the guides' and the home page's components show, worked out from the model (src/guides/guide-facts.ts,
 * src/guides/rate-limit-figure.ts, src/reference/site-lists/home-glance.ts): the components only render these.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideFacts } from '../../src/guides/guide-facts.ts';
import { rateLimitFigure } from '../../src/guides/rate-limit-figure.ts';
import { loadApiModel, resolveSpecPath } from '../../src/openapi/index.ts';
import { homeGlance } from '../../src/reference/site-lists/home-glance.ts';
import { modelOf } from './support/check.ts';

const root = path.resolve(import.meta.dirname, '../..');
const model = await loadApiModel(resolveSpecPath(root, {}));
const now = new Date('2026-11-26T12:00:00Z');
const facts = guideFacts(model, { now, dev: false, download: 'openapi.yaml' });
const events = await loadApiModel(path.join(root, 'tests/fixtures/events-3.2/openapi.yaml'));

describe('the rate-limit figure', () => {
  const figure = rateLimitFigure(model);

  it("simulates the lowest plan's quota and says so in words, with each 429's wait", () => {
    expect(figure?.summary).toMatch(/^A client asking for 2 requests a second on the Free plan \(60 a minute\): /);
    const waits = /Retry-After \(([^)]*)\)/.exec(figure?.summary ?? '')?.[1]?.split(', ') ?? [];
    expect(figure?.refusals.length).toBeGreaterThan(0);
    expect(waits).toHaveLength(figure?.refusals.length ?? -1);
    expect(figure?.summary).toContain(`${figure?.refusals.length} get 429`);
  });

  it('draws inside its plot: the quota axis from 60 to 0, each wait and 429 within the three minutes', () => {
    if (!figure) throw new Error('no figure for the Pet Store');
    const { plot } = figure;
    expect(figure.levels).toEqual([
      { y: plot.top, label: '60' },
      { y: plot.bottom, label: '0' },
    ]);
    expect(figure.ticks.map((tick) => tick.label)).toEqual(['0 s', '30 s', '60 s', '90 s', '120 s', '150 s', '180 s']);
    expect(figure.ticks.at(-1)).toMatchObject({ x: plot.right, anchor: 'end' });
    for (const wait of figure.waits) {
      expect(wait.width).toBeGreaterThan(0);
      expect(wait.x + wait.width).toBeLessThanOrEqual(plot.right + 1e-9);
    }
    for (const refusal of figure.refusals) expect(refusal.y).toBe(plot.bottom);
    // The line starts at the first request, just under the full quota.
    expect(figure.line).toMatch(new RegExp(`^M${plot.left.toFixed(1)},`));
  });

  it('is not drawn for a description without rate limits', () => {
    expect(rateLimitFigure(events)).toBeUndefined();
  });
});

describe('the guide facts', () => {
  it('list deprecated operations with their request, sunset from the build date, and successor as links', () => {
    const [getPet] = facts.deprecated.rows;
    expect(getPet?.operation).toMatchObject({ title: 'Get a pet', request: 'GET /pets/{petId}' });
    expect(getPet?.operation.href).toMatch(/\/reference\/animals\/get-pet\/$/);
    expect(getPet?.sunset).toMatchObject({ datetime: '2027-06-30', text: '30 June 2027', passed: false });
    expect(getPet?.successor?.href).toMatch(/\/reference\/animals\/get-pet-details\/$/);
    expect(facts.deprecated.more).toBe(0);
  });

  it('name the plan each restricted operation needs, and each scheme where its key goes', () => {
    const restricted = model.operations.filter((operation) => operation.requiredPlan);
    expect(facts.planRestrictions.map(({ operation, plan }) => [operation.title, plan])).toEqual(
      restricted.map((operation) => [operation.summary, operation.requiredPlan]),
    );
    expect(facts.securitySchemes[0]).toMatchObject({
      title: 'The API key',
      apiKey: { name: 'X-API-Key', where: 'header' },
    });
  });

  it('find documented response headers by name, from any response or a deprecated success, and skip unknown ones', () => {
    const rows = facts.headerRows(['X-RateLimit-Limit', 'X-Not-Documented'], 'any');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      header: { name: 'X-RateLimit-Limit' },
      anchor: 'header-x-rate-limit-limit',
      type: 'integer',
    });
    expect(facts.headerRows(['Sunset'], 'deprecated').map((row) => row.header.name)).toEqual(['Sunset']);
  });

  it('show a sample with the sandbox readers are sent to in place of the local one', () => {
    const local = facts.sandbox?.url ?? '';
    const sample = `curl ${local.replace(/\/$/, '')}/pets`;
    expect(facts.sandboxSample(sample)).toBe(sample);
    const before = process.env.SANDBOX_URL;
    process.env.SANDBOX_URL = 'https://sandbox.example.org';
    try {
      expect(facts.sandbox).toEqual({ url: 'https://sandbox.example.org', hosted: true });
      expect(facts.sandboxSample(sample)).toBe('curl https://sandbox.example.org/pets');
    } finally {
      if (before === undefined) delete process.env.SANDBOX_URL;
      else process.env.SANDBOX_URL = before;
    }
  });
});

describe('the home page at a glance', () => {
  it('counts operations and schemas, lists each group with its tags and says where the key goes', async () => {
    const glance = homeGlance(model);
    expect(glance.title).toBe('Pet Store API at a glance');
    expect(glance.counts.schemas).toBe(`${model.schemas.length} schemas`);
    expect(glance.groups.map((group) => group.link.label)).toEqual(model.tagGroups.map((group) => group.name));
    expect(glance.apiKey).toMatchObject({ name: 'X-API-Key', in: 'header' });
    const tiny = homeGlance(
      await modelOf(
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Tiny', version: '1.0.0' },
          paths: { '/a': { get: { operationId: 'a', responses: { '200': { description: 'OK' } } } } },
        }),
      ),
    );
    expect(tiny.counts).toEqual({ operations: '1 operation', schemas: '0 schemas' });
    expect(tiny.apiKey).toBeUndefined();
  });
});
