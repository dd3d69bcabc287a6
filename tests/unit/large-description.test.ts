/**
 * The portal builds a large description it did not design: 1,000 generated
 * operations with deep nesting, many schemas, circular references, long
 * descriptions, operations in several tags and tags in no group. Every
 * operation gets its page and every link and anchor resolves. (Its build
 * time and memory, and 3,000 operations, are measured by `npm run bench`.)
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiModel } from '../../src/openapi/index.ts';
import { referenceUrls } from '../../src/reference/routes.ts';
import { generateDescription } from '../bench/generate-description.ts';
import { brokenLinks } from '../support/built-site.ts';
import { buildSite, run } from './support/programs.ts';

const work = mkdtempSync(path.join(tmpdir(), 'petstore-large-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a generated description of 1,000 operations', () => {
  it('builds, with a page for every operation and no broken link or anchor', { timeout: 900_000 }, async () => {
    const spec = path.join(work, 'large.yaml');
    writeFileSync(spec, generateDescription(1000));
    const model = await loadApiModel(spec);
    expect(model.operations).toHaveLength(1000);
    expect(model.operations.some((o) => o.tags.length > 1)).toBe(true);
    expect(model.tagGroups.some((g) => g.implicit && g.tags.length === 1 && g.name === g.tags[0])).toBe(true);

    const outDir = path.join(work, 'dist');
    const { status, output } = run(buildSite, ['--outDir', outDir], { PETSTORE_SPEC: spec });
    expect(status, output.slice(-2000)).toBe(0);
    const urls = referenceUrls(model);
    const missing = model.operations
      .map((o) => urls.operation(o))
      .filter((url) => !existsSync(path.join(outDir, url, 'index.html')));
    expect(missing).toEqual([]);
    expect(brokenLinks(outDir)).toEqual([]);
  });
});
