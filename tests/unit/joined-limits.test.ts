/**
 * The limits on a description hold for the description as joined from its files, not only file by file: nesting
 * carried from one file into another, a referenced file too large to read, the files' total size, and chains of
 * schemas merged into one another or of references in a row. Each is refused by `npm run spec:check` (and so by
 * the build, which loads the description the same way) with one located line, never a stack trace. The hostile
 * files are made here, in a temporary folder.
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadApiModel, SpecError } from '../../src/openapi/index.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
import { operationOutline } from '../../src/reference/pages/operation-outline.ts';
import { run } from './support/programs.ts';

const root = (schemas: string) => `openapi: 3.0.3
info: {title: Hostile, version: 1.0.0}
paths:
  /x:
    get:
      operationId: getX
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/M0'}
components:
  schemas:
${schemas}`;

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'petstore-joined-limits-'));
  folders.push(dir);
  return dir;
}

/** `npm run spec:check` on `spec`: exit code, everything printed, and how long it took. */
function check(spec: string, env: Record<string, string> = {}) {
  const started = Date.now();
  const { status, output } = run('src/build/spec-check.ts', [spec], env);
  return { status, output, seconds: (Date.now() - started) / 1000 };
}

/** One error, at a file:line:column, and nothing a program would print when it crashes. */
function expectOneLocatedError(output: string, at: RegExp): void {
  expect(output).toContain('1 error.');
  expect(output).toMatch(at);
  expect(output).not.toMatch(/RangeError|Maximum call stack|^\s+at .+\(.+:\d+:\d+\)$/m);
}

/** `files` files, each 700 maps deep, the innermost of each referring to the next file. */
function chainedDeepFiles(files: number): string {
  const dir = folder();
  writeFileSync(path.join(dir, 'openapi.yaml'), root("    M0: {$ref: 'f0.yaml'}\n"));
  for (let f = 0; f < files; f++) {
    let text = f + 1 < files ? `{$ref: 'f${f + 1}.yaml'}` : '{type: string}';
    for (let i = 0; i < 699; i++) text = `{a: ${text}}`;
    writeFileSync(path.join(dir, `f${f}.yaml`), `${text}\n`);
  }
  return path.join(dir, 'openapi.yaml');
}

describe('nesting across files', () => {
  for (const files of [2, 3, 5]) {
    it(`refuses ${files} files of 700 levels each, chained by $ref, at the file and line where the limit is passed`, () => {
      const { status, output } = check(chainedDeepFiles(files));
      expect(status).toBe(1);
      expectOneLocatedError(output, /f1\.yaml:1:\d+ {2}error/);
      expect(output).toContain('nests maps and lists more than 1000 levels deep');
    });
  }
});

describe('the size of the files', () => {
  it('refuses a referenced file over the size limit from its size, without reading it', () => {
    const dir = folder();
    const spec = path.join(dir, 'openapi.yaml');
    writeFileSync(spec, root("    M0: {$ref: 'huge.yaml'}\n"));
    // 1.9 GB, sparse: reading it took 38 s and 2 GB of memory.
    writeFileSync(path.join(dir, 'huge.yaml'), '');
    truncateSync(path.join(dir, 'huge.yaml'), 1_900_000_000);
    const { status, output, seconds } = check(spec);
    expect(status).toBe(1);
    expectOneLocatedError(output, /huge\.yaml {2}error/);
    expect(output).toContain('The file is 1812.0 MB, over the limit of 32.0 MB.');
    expect(seconds).toBeLessThan(15);
  });

  it('refuses a root file over the size limit without reading it', () => {
    const spec = path.join(folder(), 'openapi.yaml');
    writeFileSync(spec, '');
    truncateSync(spec, 1_900_000_000);
    const { status, output, seconds } = check(spec);
    expect(status).toBe(1);
    expectOneLocatedError(output, /openapi\.yaml {2}error/);
    expect(output).toContain('The file is 1812.0 MB, over the limit of 32.0 MB.');
    expect(seconds).toBeLessThan(15);
  });

  it('refuses files that are each within the limit but together over it, naming the file that passes it', () => {
    const dir = folder();
    const spec = path.join(dir, 'openapi.yaml');
    writeFileSync(spec, root("    M0: {$ref: 'a.yaml'}\n    M1: {$ref: 'b.yaml'}\n"));
    const padded = (name: string) => `type: object\ndescription: ${name.repeat(700 * 1024)}\n`;
    writeFileSync(path.join(dir, 'a.yaml'), padded('a'));
    writeFileSync(path.join(dir, 'b.yaml'), padded('b'));
    const { status, output } = check(spec, { PETSTORE_MAX_SPEC_MB: '1' });
    expect(status).toBe(1);
    expectOneLocatedError(output, /[ab]\.yaml {2}error/);
    expect(output).toContain(
      "The description's files together are over the limit of 1.0 MB: with this one (701 KB) they come to 1.4 MB.",
    );
  });
});

describe('chains of schemas', () => {
  /** `models` models, each an allOf of the next and a field of its own. */
  const allOfChain = (models: number) => {
    let schemas = '';
    for (let i = 0; i < models; i++) {
      const next = `allOf: [{$ref: '#/components/schemas/M${i + 1}'}, {type: object, properties: {f${i}: {type: string}}}]`;
      schemas += `    M${i}:\n      ${i + 1 < models ? next : 'type: object'}\n`;
    }
    const spec = path.join(folder(), 'openapi.yaml');
    writeFileSync(spec, root(schemas));
    return spec;
  };

  it('refuses a model built on a 2,000-model allOf chain, naming the chain where it starts; the build agrees', async () => {
    const spec = allOfChain(2000);
    const { status, output } = check(spec);
    expect(status).toBe(1);
    expectOneLocatedError(output, /openapi\.yaml:15:5 {2}error {2}at \/components\/schemas\/M0/);
    expect(output).toContain('`M0` is built on a chain of 1,999 schemas');
    expect(output).toContain('(M0 → M1 → M2 → … → M1998); the portal follows at most 100.');
    // The build loads the description the same way: it stops with the same problem, before any page.
    const refused = await loadApiModel(spec, defaultParseLimits, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SpecError);
    expect((refused as SpecError).problems.map((p) => p.pointer)).toEqual(['/components/schemas/M0']);
  });

  it('builds the operation page of a model on a chain of 100, the most allowed', async () => {
    const model = await loadApiModel(allOfChain(100), defaultParseLimits, {});
    const operation = model.operations[0];
    if (!operation) throw new Error('no operation');
    expect(() => operationOutline(model, operation)).not.toThrow();
  });

  it('refuses 2,000 references in a row, once, at the first reference into the chain', () => {
    let schemas = '';
    for (let i = 0; i < 2000; i++) {
      schemas += `    M${i}: ${i + 1 < 2000 ? `{$ref: '#/components/schemas/M${i + 1}'}` : '{type: object}'}\n`;
    }
    const spec = path.join(folder(), 'openapi.yaml');
    writeFileSync(spec, root(schemas));
    const { status, output, seconds } = check(spec);
    expect(status).toBe(1);
    expectOneLocatedError(output, /openapi\.yaml:12:24 {2}error/);
    expect(output).toContain('leads through more than 100 references in a row');
    expect(seconds).toBeLessThan(15);
  });
});
