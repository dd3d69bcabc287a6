/**
 * Releases and the breaking-change gate of a description in several files: `npm run spec:release` keeps the
 * description as readers saw it, joined into one self-contained file, and `npm run spec:diff` compares joined
 * descriptions, so a breaking change made in a referenced file is caught, an earlier major's release still builds
 * after the files change or go, and moving a schema into a file of its own is no change.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiModel } from '../../../src/openapi/index.ts';
import { defaultParseLimits } from '../../../src/openapi/parse-source.ts';
import { run } from '../support/programs.ts';

const petSchema = `type: object
required: [id, name]
properties:
  id: {type: integer}
  name: {type: string}
`;

const petPath = `get:
  operationId: getPet
  parameters:
    - {name: petId, in: path, required: true, schema: {type: integer}}
  responses:
    '200':
      description: The pet.
      content:
        application/json:
          schema: {$ref: '../openapi.yaml#/components/schemas/Pet'}
delete:
  operationId: deletePet
  parameters:
    - {name: petId, in: path, required: true, schema: {type: integer}}
  responses:
    '204': {description: Deleted.}
`;

/** The root file: its Pet schema in `schemas/Pet.yaml`, or (`inline`) written in the root file itself. */
const rootFile = (version: string, pet: 'file' | 'inline' = 'file') => `openapi: 3.0.3
info: {title: Pets, version: ${version}}
paths:
  /pets/{petId}:
    $ref: paths/pet.yaml
components:
  schemas:
    Pet:
${pet === 'file' ? '      $ref: schemas/Pet.yaml\n' : petSchema.replace(/^/gm, '      ').trimEnd()}
`;

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A description in three files and an empty releases folder, with the two commands run against them. */
function workspace(pet: 'file' | 'inline' = 'file') {
  const dir = mkdtempSync(path.join(tmpdir(), 'petstore-multi-release-'));
  folders.push(dir);
  mkdirSync(path.join(dir, 'paths'));
  mkdirSync(path.join(dir, 'schemas'));
  const spec = path.join(dir, 'openapi.yaml');
  const releases = path.join(dir, 'releases');
  writeFileSync(spec, rootFile('1.0.0', pet));
  writeFileSync(path.join(dir, 'paths/pet.yaml'), petPath);
  writeFileSync(path.join(dir, 'schemas/Pet.yaml'), petSchema);
  const env = { PETSTORE_SPEC: spec, PETSTORE_RELEASES: releases };
  return {
    dir,
    spec,
    releases,
    release: () => run('src/changes/cli.ts', ['release', '--today', '2026-12-01'], env),
    diff: () => run('src/changes/cli.ts', ['diff', '--today', '2026-12-01'], env),
  };
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} is not in ${file}`);
  writeFileSync(file, text.replace(from, to));
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('a description in several files, released', () => {
  it('is kept as one self-contained file that an earlier major still builds from after its files are gone', async () => {
    const w = workspace();
    const released = w.release();
    expect(released.status, released.output).toBe(0);
    const file = path.join(w.releases, '1.0.0.yaml');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe('# Released 1.0.0 on 2026-12-01 (npm run spec:release).');
    expect(text).not.toMatch(/\$ref: ['"]?[^'"#\s]/);
    // The files it was joined from change and go: the release is what readers saw, whole.
    rmSync(path.join(w.dir, 'paths'), { recursive: true });
    rmSync(path.join(w.dir, 'schemas'), { recursive: true });
    const model = await loadApiModel(file, defaultParseLimits, {});
    expect(model.operations.map((o) => o.operationId)).toEqual(['getPet', 'deletePet']);
    expect(model.schemas.map((s) => s.name)).toEqual(['Pet']);
    expect(model.files).toEqual([file]);
  });

  it('has a breaking change made in a referenced file caught by spec:diff and spec:release', () => {
    const w = workspace();
    expect(w.release().status).toBe(0);
    writeFileSync(w.spec, rootFile('1.1.0'));
    edit(path.join(w.dir, 'paths/pet.yaml'), petPath.slice(petPath.indexOf('delete:')), '');
    const { status, output } = w.diff();
    expect(status, output).toBe(1);
    expect(output).toContain('Breaking (1)');
    expect(output).toContain('Breaking: Removed the operation (DELETE /pets/{petId})');
    expect(output).toMatch(/releases\/1\.0\.0\.yaml:\d+:\d+ {2}error {2}at \/paths\/~1pets~1\{petId\}\/delete/);
    const refused = w.release();
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('Bump info.version to 2.0.0');
  });

  it('places a breaking change written in a referenced file at that file and line', () => {
    const w = workspace();
    expect(w.release().status).toBe(0);
    writeFileSync(w.spec, rootFile('1.1.0'));
    const schema = path.join(w.dir, 'schemas/Pet.yaml');
    edit(schema, 'required: [id, name]', 'required: [id, name, age]');
    edit(schema, '  name: {type: string}', '  name: {type: string}\n  age: {type: integer}');
    const { status, output } = w.diff();
    expect(status, output).toBe(1);
    expect(output).toMatch(
      /schemas\/Pet\.yaml:6:3 {2}error {2}at \/properties\/age\n {2}Breaking: Added field `age` to model Pet/,
    );
  });

  it('does not count moving a schema into a file of its own as a change', () => {
    const w = workspace('inline');
    expect(w.release().status).toBe(0);
    writeFileSync(w.spec, rootFile('1.0.1', 'file'));
    const { status, output } = w.diff();
    expect(status, output).toBe(0);
    // Only the version changed.
    expect(output).toContain('(1.0.1): 1.');
    expect(output).toContain('Replaced document metadata (info.version)');
    expect(output).not.toContain('Breaking');
    const next = w.release();
    expect(next.status, next.output).toBe(0);
  });

  it('shows in the changelog a change made in a referenced file', async () => {
    const w = workspace();
    expect(w.release().status).toBe(0);
    writeFileSync(w.spec, rootFile('2.0.0'));
    edit(path.join(w.dir, 'paths/pet.yaml'), petPath.slice(petPath.indexOf('delete:')), '');
    vi.stubEnv('PETSTORE_SPEC', w.spec);
    vi.stubEnv('PETSTORE_RELEASES', w.releases);
    const { getChangelog } = await import('../../../src/data/changelog.ts');
    const changelog = await getChangelog();
    const entry = changelog?.entries.find((e) => e.version === '2.0.0');
    expect(entry?.changes.map((c) => c.summary)).toContain('Removed the operation');
  });
});
