/** Choosing and reading the description file. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadApiModel, resolveSpecPath, SpecError } from '../../src/openapi/index.ts';
import { minimalSpec, modelOf } from './support/check.ts';

describe('which description is loaded', () => {
  it('is spec/openapi.yaml by default', () => {
    expect(resolveSpecPath('/project', {})).toBe('/project/spec/openapi.yaml');
  });

  it('is PETSTORE_SPEC when set, relative to the project or absolute', () => {
    expect(resolveSpecPath('/project', { PETSTORE_SPEC: 'other/api.json' })).toBe('/project/other/api.json');
    expect(resolveSpecPath('/project', { PETSTORE_SPEC: '/srv/api.yaml' })).toBe('/srv/api.yaml');
    expect(resolveSpecPath('/project', { PETSTORE_SPEC: '  ' })).toBe('/project/spec/openapi.yaml');
  });
});

describe('reading the file', () => {
  it('says so clearly when the file does not exist', async () => {
    const error = await loadApiModel('/nowhere/openapi.yaml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect((error as SpecError).problems[0]?.message).toBe('The API description could not be read: it does not exist.');
    expect((error as SpecError).problems[0]?.hint).toContain('PETSTORE_SPEC');
  });

  it('reads JSON descriptions too, with positions', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-json-'));
    const file = path.join(dir, 'api.json');
    const json = JSON.stringify(
      {
        openapi: '3.0.3',
        info: { title: 'J', version: '1' },
        paths: { '/a': { get: { responses: { '200': { description: 'OK' } } } } },
      },
      null,
      2,
    );
    writeFileSync(file, json.replace('"version": "1"', '"version": 1'));
    const error = (await loadApiModel(file).catch((e: unknown) => e)) as SpecError;
    expect(error.problems.map((p) => [p.pointer, p.position])).toEqual([['/info/version', { line: 5, column: 5 }]]);
    expect(error.message).toContain(`${path.relative(process.cwd(), file)}:5:5  error  at /info/version`);
  });

  it('derives an operationId and slug when the description gives none', async () => {
    const model = await modelOf(minimalSpec.replace('      operationId: listThings\n', ''));
    expect(model.operations[0]).toMatchObject({ operationId: 'getThings', slug: 'things/get-things' });
  });
});
