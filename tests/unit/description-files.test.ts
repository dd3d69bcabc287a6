/**
 * The description's downloads: a JSON description is also served as YAML, each file the size the pages announce,
 * the same bytes whether served once or again (`npm run dev`), a gzip copy (kept from sizing) as much as a plain file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiModel, loadApiModel } from '../../src/openapi/index.ts';
import { descriptionBytes, descriptionFiles, plainDownloadBytes } from '../../src/site/description-files.ts';

const description = {
  openapi: '3.0.3',
  info: { title: 'Downloads — “quoted” ✓', version: '1.0.0' },
  paths: {
    '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'The pets: ✓ €' } } } },
  },
};

let dir: string;
const modelOf = async (name: string, written: object): Promise<ApiModel> => {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(written, null, 2));
  return loadApiModel(file);
};
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'pst-downloads-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the description downloads', () => {
  it('are YAML and JSON of the description, each as large as announced, the same when served again', async () => {
    const model = await modelOf('openapi.json', description);
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

  it('are each a gzip copy past the plain limit, the same when served again', async () => {
    const large = { ...description, 'x-padding': 'p'.repeat(plainDownloadBytes + 1) };
    const model = await modelOf('large.json', large);
    const files = await descriptionFiles(model);
    expect(files.map((file) => file.name)).toEqual(['openapi.yaml.gz', 'openapi.json.gz']);
    for (const file of files) {
      const first = await descriptionBytes(model, file);
      const again = await descriptionBytes(model, file);
      expect(again.equals(first)).toBe(true);
      const whole = gunzipSync(first);
      expect(whole.length).toBe(file.bytes);
      const text = whole.toString('utf8');
      expect(file.format === 'JSON' ? JSON.parse(text) : load(text)).toEqual(large);
    }
  });
});
