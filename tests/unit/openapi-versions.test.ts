/**
 * OpenAPI 3.0, 3.1 and 3.2 into one model (src/openapi/dialect.ts): what 3.1 and 3.2 write differently outside
 * schemas (schemas: normalize/schema.test.ts), in a small snippet, comes out as the model reads it; what the pages
 * do not show yet is a warning; and the Pet Store written the 3.1 way builds the same pages, word for word, as
 * spec/openapi.yaml.
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toModelDialect } from '../../src/openapi/dialect.ts';
import { typeLabel } from '../../src/reference/shared/schema-summary.ts';
import { walk } from '../support/built-site.ts';
import { modelOf, problemsOf } from './support/check.ts';
import { buildSite, run } from './support/programs.ts';
import { describe31 } from './support/snippets.ts';

describe('the rest of a 3.1 or 3.2 description', () => {
  it('reads info.summary and license.identifier', async () => {
    const model = await modelOf(
      describe31('type: string').replace(
        '  version: 1.0.0\n',
        '  version: 1.0.0\n  summary: A tiny API.\n  license:\n    name: MIT\n    identifier: MIT\n',
      ),
    );
    expect(model.info.summary).toBe('A tiny API.');
    expect(model.info.license?.identifier).toBe('MIT');
  });

  it('reads a path item kept in components.pathItems', async () => {
    const text = `openapi: 3.1.1
info: { title: Tiny, version: 1.0.0 }
paths:
  /things:
    $ref: "#/components/pathItems/Things"
components:
  pathItems:
    Things:
      get:
        operationId: listThings
        responses:
          '200': { description: OK }
`;
    expect((await modelOf(text)).operations.map((o) => `${o.method} ${o.path}`)).toEqual(['get /things']);
  });

  it('reads the schemas of a callback kept in components.callbacks the 3.1 way too', async () => {
    const model = await modelOf(`openapi: 3.1.1
info: { title: Tiny, version: 1.0.0 }
paths:
  /jobs:
    post:
      operationId: startJob
      callbacks:
        done: { $ref: "#/components/callbacks/Done" }
      responses: { '202': { description: Started } }
components:
  callbacks:
    Done:
      "{$request.body#/url}":
        post:
          requestBody:
            content:
              application/json:
                schema: { type: object, properties: { result: { type: [string, "null"] } } }
          responses: { '204': { description: OK } }
`);
    const done = model.operations.find((o) => o.callback);
    const schema = done?.requestBody?.content[0]?.schema;
    if (!schema) throw new Error('no callback body');
    const result = model.schemaResolver.resolve(schema).properties?.result ?? {};
    expect(typeLabel(model.schemaResolver, result)).toBe('string | null');
  });

  it("lets a reference's description replace its target's", async () => {
    const text = `openapi: 3.1.1
info: { title: Tiny, version: 1.0.0 }
paths:
  /things:
    get:
      operationId: listThings
      parameters:
        - $ref: "#/components/parameters/Limit"
          description: At most this many things.
      responses:
        '200': { description: OK }
components:
  parameters:
    Limit:
      name: limit
      in: query
      description: The page size.
      schema: { type: integer }
`;
    expect((await modelOf(text)).operations[0]?.parameters[0]?.description).toBe('At most this many things.');
  });

  it('reads a 3.2 description', async () => {
    const model = await modelOf(describe31('type: string', '', '3.2.0'));
    expect(model.openapi).toBe('3.2.0');
    expect(model.operations).toHaveLength(1);
  });

  it('warns, once per kind with a count, about what the pages do not show', async () => {
    const text = describe31(
      'type: object\npatternProperties:\n  "^x-": { type: string }\nproperties:\n  a:\n    type: object\n    patternProperties:\n      "^y": { type: string }',
      'webhooks:\n  newThing:\n    post:\n      responses:\n        "200": { description: OK }\n',
    );
    const model = await modelOf(text);
    const dialectWarnings = model.warnings.filter((w) => w.pointer !== '/tags'); // not the one about tag groups
    expect(dialectWarnings.map((w) => [w.pointer, w.message])).toEqual([
      [
        '/paths/~1things/get/responses/200/content/application~1json/schema/patternProperties',
        'The schema keyword `patternProperties` is not shown on the pages (2 places; this is the first).',
      ],
    ]);
    // Webhooks are shown (tests/unit/normalize/paths.test.ts), so they are no warning.
  });

  it('still refuses what the 3.1 schema refuses, naming the version', async () => {
    const text = describe31('type: string').replace(
      '      tags: [Things]\n',
      '      tags: [Things]\n      sumary: Misspelt\n',
    );
    const problems = await problemsOf(text);
    expect(problems.map((p) => p.message)).toContain('`sumary` is not a field OpenAPI 3.1 allows here.');
  });

  it('leaves a 3.0 description as it is', () => {
    const document = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {} };
    expect(toModelDialect(document).document).toBe(document);
  });
});

describe('the Pet Store written the 3.1 way', () => {
  it('builds the same pages, word for word, as spec/openapi.yaml', () => {
    const build = (spec: string) => {
      const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-versions-')), 'dist');
      // The same API has the same history and the same site: both builds read the Pet Store's releases (and show
      // its changelog) and its site config (domains, its own guides).
      const env = { PETSTORE_SPEC: spec, PETSTORE_RELEASES: 'spec/releases', PETSTORE_PORTAL: 'spec/portal.json' };
      const { status, output } = run(buildSite, ['--outDir', outDir], env);
      expect(status, output.slice(-2000)).toBe(0);
      return outDir;
    };
    const v30 = build('spec/openapi.yaml');
    // Its home page's words too: home.md is read beside the description, so the 3.1 file gets a copy beside it.
    const folder31 = mkdtempSync(path.join(tmpdir(), 'petstore-3.1-'));
    copyFileSync('tests/fixtures/pet-store-3.1/openapi.yaml', path.join(folder31, 'openapi.yaml'));
    copyFileSync('spec/home.md', path.join(folder31, 'home.md'));
    const v31 = build(path.join(folder31, 'openapi.yaml'));
    const pages = (dir: string) =>
      walk(dir)
        .filter((file) => file.endsWith('.html'))
        .map((file) => path.relative(dir, file))
        .sort();
    expect(pages(v31)).toEqual(pages(v30));
    expect(pages(v30)).toContain(path.join('changelog', 'index.html'));
    // The words a reader sees (highlighting classes aside); each build names its own version, once as 3.0.3 and
    // once as 3.1.1, which count as the same word.
    const words = (file: string) =>
      readFileSync(file, 'utf8')
        .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .replace(/3\.0\.3|3\.1\.1/g, 'VERSION')
        .trim();
    const differing = pages(v30).filter((page) => words(path.join(v30, page)) !== words(path.join(v31, page)));
    expect(differing).toEqual([]);
  });
});
