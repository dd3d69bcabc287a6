/**
 * Multi-file descriptions (src/openapi/bundle.ts): `$ref`s to other local files are followed, problems name the
 * file they are in, and the rules for untrusted files hold: no `$ref` leaves the root file's folder (`../`, an
 * absolute path, a symlink), none is fetched from a URL; each refusal is an error at the referring file:line, and
 * nothing of the outside file is read, printed or built.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiModel, SpecError, type SpecProblem } from '../../src/openapi/index.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
import { walk } from '../support/built-site.ts';
import { buildSite, root, run } from './support/programs.ts';

const fixture = path.join(root, 'tests/fixtures/multi-file');
/** Text only the outside file has: it must appear in no message and no built file. */
const secret = 'OUTSIDE-SECRET-7f3a9c';

/** A copy of the fixture in a fresh folder, with a file outside it (beside the copy) that holds the secret. */
function workspace(): { dir: string; spec: string; outside: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'petstore-multi-'));
  const dir = path.join(base, 'description');
  cpSync(fixture, dir, { recursive: true });
  const outside = path.join(base, 'outside');
  mkdirSync(outside);
  writeFileSync(path.join(outside, 'Secret.yaml'), `type: string\ndescription: ${secret}\n`);
  return { dir, spec: path.join(dir, 'openapi.yaml'), outside };
}

function edit(file: string, from: string, to: string): string {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${from} is not in ${file}`);
  const changed = text.replace(from, to);
  writeFileSync(file, changed);
  return changed;
}

/** The problems loading `spec` gives; fails if it loads. Strict off unless asked, the default limits: as a build loads it. */
async function refusal(spec: string, strict = false): Promise<{ problems: readonly SpecProblem[]; message: string }> {
  try {
    await loadApiModel(spec, defaultParseLimits, { strict });
  } catch (error) {
    if (error instanceof SpecError) return { problems: error.problems, message: error.message };
    throw error;
  }
  throw new Error('expected the description to be refused');
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`${needle} is not in the text`);
  return text.slice(0, at).split('\n').length;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a description in several files', () => {
  it('is read as one: every file, YAML and JSON, nested, with references back to the root', async () => {
    const model = await loadApiModel(path.join(fixture, 'openapi.yaml'), defaultParseLimits, {});
    expect(model.operations.map((o) => o.operationId)).toEqual(['listPets', 'addPet', 'getPet', 'removePet']);
    expect(model.schemas.map((s) => s.name).sort()).toEqual(['Error', 'NewPet', 'Pet', 'Tag']);
    expect(model.warnings).toEqual([]);
    expect(model.files?.map((f) => path.relative(fixture, f)).sort()).toEqual([
      'openapi.yaml',
      'parameters.yaml',
      'paths/pet.json',
      'paths/pets.yaml',
      'responses/Error.yaml',
      'schemas/Error.json',
      'schemas/NewPet.yaml',
      'schemas/Pet.yaml',
      'schemas/common/Tag.yaml',
    ]);
    // One document, every reference local: what the downloads serve.
    expect(JSON.stringify(model.source)).not.toMatch(/"\$ref":"[^#]/);
    const getPet = model.operations.find((o) => o.operationId === 'getPet');
    expect(getPet?.parameters.map((p) => p.name)).toEqual(['petId']);
  });

  it('names the file a problem is in, and its line', async () => {
    const { dir, spec } = workspace();
    const text = edit(path.join(dir, 'schemas/NewPet.yaml'), 'type: object', 'type: objct');
    // A mistake in one schema is drawn past with a warning; strict (a docs team's CI) makes it an error.
    const { problems, message } = await refusal(spec, true);
    const error = problems.find((p) => p.severity === 'error');
    expect(error?.file).toBe(path.relative(process.cwd(), path.join(dir, 'schemas/NewPet.yaml')));
    expect(error?.pointer).toBe('/type');
    expect(error?.position?.line).toBe(lineOf(text, 'type: objct'));
    expect(message).toContain(`schemas/NewPet.yaml:${lineOf(text, 'type: objct')}:`);
  });

  it('warns at the file and line a warning is about', async () => {
    const { dir, spec } = workspace();
    const text = edit(
      path.join(dir, 'schemas/common/Tag.yaml'),
      'description: A label the kennel gives the pet.',
      'description: A label; see [tags](/docs/tags).',
    );
    const model = await loadApiModel(spec, defaultParseLimits, {});
    const warning = model.warnings.find((w) => w.message.includes('relative'));
    expect(warning?.file).toMatch(/schemas\/common\/Tag\.yaml$/);
    expect(warning?.position?.line).toBe(lineOf(text, 'description: A label'));
  });

  it('reads files that refer to each other in a circle', async () => {
    const { dir, spec } = workspace();
    writeFileSync(
      path.join(dir, 'schemas/common/Tag.yaml'),
      'type: object\nproperties:\n  pet:\n    $ref: ../Pet.yaml\n',
    );
    const model = await loadApiModel(spec, defaultParseLimits, {});
    expect(model.schemas.map((s) => s.name).sort()).toEqual(['Error', 'NewPet', 'Pet', 'Tag']);
  });

  it('sees an edit to any of its files', async () => {
    const { dir, spec } = workspace();
    expect((await loadApiModel(spec)).info.title).toBe('Kennel Pets API');
    edit(path.join(dir, 'paths/pet.json'), '"summary": "Get a pet"', '"summary": "Fetch a pet"');
    const model = await loadApiModel(spec);
    expect(model.operations.find((o) => o.operationId === 'getPet')?.summary).toBe('Fetch a pet');
  });
});

describe('the rules for $refs between files', () => {
  const cases: { rule: string; ref: (outside: string) => string; message: RegExp }[] = [
    {
      rule: 'may not climb out of the root folder with ../',
      ref: () => '../../outside/Secret.yaml',
      message:
        /^The reference "\.\.\/\.\.\/outside\/Secret\.yaml" leads outside the description's folder; it is not read\.$/,
    },
    {
      rule: 'may not be an absolute path',
      ref: (outside) => path.join(outside, 'Secret.yaml'),
      message: /is an absolute path; a description's files must stay in its folder\.$/,
    },
    {
      rule: 'may not be a URL, which is never fetched',
      ref: () => 'https://schemas.example/Secret.yaml',
      message: /is a URL; the portal never fetches anything while it builds\.$/,
    },
    {
      rule: 'may not be a file URL',
      ref: (outside) => `file://${path.join(outside, 'Secret.yaml')}`,
      message: /is a URL; the portal never fetches anything while it builds\.$/,
    },
  ];

  it.each(cases)('$rule: an error at the referring file:line', async ({ ref, message }) => {
    const { dir, spec, outside } = workspace();
    const fetch = vi.spyOn(globalThis, 'fetch');
    const file = path.join(dir, 'schemas/NewPet.yaml');
    const text = edit(file, '$ref: common/Tag.yaml', `$ref: '${ref(outside)}'`);
    const { problems, message: report } = await refusal(spec);
    expect(problems).toHaveLength(1);
    const [error] = problems;
    expect(error?.message).toMatch(message);
    expect(error?.file).toBe(path.relative(process.cwd(), file));
    expect(error?.pointer).toBe('/properties/tag/$ref');
    expect(error?.position).toEqual({ line: lineOf(text, '$ref:'), column: 5 });
    expect(report).not.toContain(secret);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('may not follow a symbolic link out of the folder, file or folder', async () => {
    const { dir, spec, outside } = workspace();
    symlinkSync(path.join(outside, 'Secret.yaml'), path.join(dir, 'schemas/Linked.yaml'));
    symlinkSync(outside, path.join(dir, 'schemas/linked-folder'));
    const text = edit(
      path.join(dir, 'schemas/NewPet.yaml'),
      '  tag:\n    $ref: common/Tag.yaml\n',
      '  tag:\n    $ref: Linked.yaml\n  note:\n    $ref: linked-folder/Secret.yaml\n',
    );
    const { problems, message } = await refusal(spec);
    expect(problems.map((p) => [p.message, p.position?.line])).toEqual([
      [
        'The reference "Linked.yaml" is a symbolic link to a file outside the description\'s folder; it is not read.',
        lineOf(text, '$ref: Linked.yaml'),
      ],
      [
        'The reference "linked-folder/Secret.yaml" is a symbolic link to a file outside the description\'s folder; it is not read.',
        lineOf(text, '$ref: linked-folder'),
      ],
    ]);
    expect(message).not.toContain(secret);
  });

  it('follows a symbolic link that stays inside the folder', async () => {
    const { dir, spec } = workspace();
    symlinkSync(path.join(dir, 'schemas/common/Tag.yaml'), path.join(dir, 'schemas/TagLink.yaml'));
    edit(path.join(dir, 'schemas/NewPet.yaml'), '$ref: common/Tag.yaml', '$ref: TagLink.yaml');
    const model = await loadApiModel(spec, defaultParseLimits, {});
    expect(model.schemas.map((s) => s.name)).toContain('TagLink');
  });

  it('names a file that does not exist, a place that is not in a file, and a file that does not parse', async () => {
    const { dir, spec } = workspace();
    const pets = edit(
      path.join(dir, 'paths/pets.yaml'),
      '$ref: ../schemas/NewPet.yaml',
      '$ref: ../schemas/NewPett.yaml',
    );
    const pet = edit(
      path.join(dir, 'paths/pet.json'),
      '"$ref": "../openapi.yaml#/components/parameters/PetId"',
      '"$ref": "../parameters.yaml#/PetID"',
    );
    writeFileSync(path.join(dir, 'schemas/Error.json'), '{ "type": "object", ');
    const { problems } = await refusal(spec);
    const shown = (p: SpecProblem) => `${path.basename(p.file ?? '')}:${p.position?.line}  ${p.message}`;
    expect(problems.map(shown)).toEqual([
      `Error.json:1  The file is not valid YAML: ${problems[0]?.message.replace(/^The file is not valid YAML: /, '').replace(/\.$/, '')}.`,
      `pets.yaml:${lineOf(pets, 'NewPett')}  The reference "../schemas/NewPett.yaml" names a file that does not exist.`,
      `pet.json:${lineOf(pet, 'PetID')}  The reference "../parameters.yaml#/PetID" points at nothing in ${path.relative(process.cwd(), path.join(dir, 'parameters.yaml'))}.`,
    ]);
  });
});

describe('a build of a description with a $ref out of its folder', () => {
  it('stops, naming each refusal at its file:line, and nothing of the outside file is in its output', () => {
    const { dir, spec, outside } = workspace();
    symlinkSync(path.join(outside, 'Secret.yaml'), path.join(dir, 'schemas/Linked.yaml'));
    const text = edit(
      path.join(dir, 'schemas/NewPet.yaml'),
      '  tag:\n    $ref: common/Tag.yaml\n',
      '  tag:\n    $ref: ../../outside/Secret.yaml\n  note:\n    $ref: Linked.yaml\n',
    );
    const outDir = path.join(path.dirname(dir), 'dist');
    const { status, output } = run(buildSite, ['--outDir', outDir], { PETSTORE_SPEC: spec });
    expect(status).not.toBe(0);
    expect(output).toContain(`schemas/NewPet.yaml:${lineOf(text, '$ref: ../../outside')}:5  error`);
    expect(output).toContain(`schemas/NewPet.yaml:${lineOf(text, '$ref: Linked.yaml')}:5  error`);
    expect(output).not.toContain(secret);
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    const built = existsSync(outDir) ? walk(outDir) : [];
    expect(built.filter((file) => readFileSync(file, 'utf8').includes(secret))).toEqual([]);
  }, 300_000);
});
