/**
 * The description's downloads: a JSON description is also served as YAML, each file the size the pages announce,
 * the same bytes whether served once (from what sizing wrote out) or again (`npm run dev`, written out anew).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel } from '../../src/openapi/index.ts';
import { descriptionBytes, descriptionFiles } from '../../src/publishing/description-files.ts';

const description = {
  openapi: '3.0.3',
  info: { title: 'Downloads — “quoted” ✓', version: '1.0.0' },
  paths: {
    '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'The pets: ✓ €' } } } },
  },
};

let dir: string;
let model: ApiModel;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pst-downloads-'));
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(description, null, 2));
  model = await loadApiModel(file);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the description downloads', () => {
  it('are YAML and JSON of the description, each as large as announced, the same when served again', async () => {
    const files = await descriptionFiles(model);
    expect(files.map((file) => file.name)).toEqual(['openapi.yaml', 'openapi.json']);
    for (const file of files) {
      const first = await descriptionBytes(model, file);
      const again = await descriptionBytes(model, file);
      expect(first.length).toBe(file.bytes);
      expect(again.equals(first)).toBe(true);
      const text = first.toString('utf8');
      expect(file.format === 'JSON' ? JSON.parse(text) : load(text)).toEqual(description);
    }
  });
});
