/**
 * src/changes/changelog.ts and load-changelog.ts: the history read from release files, newest first, with what
 * each operation and model went through. tests/fixtures/changelog/ has three releases; the Pet Store has one.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChangelogEntry } from '../../../src/changes/changelog.ts';
import { checkChangelog, loadChangelog } from '../../../src/changes/load-changelog.ts';
import { releasesDir } from '../../../src/changes/releases.ts';
import { formatProblems, SpecError } from '../../../src/openapi/index.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const garden = path.join(root, 'tests/fixtures/changelog/openapi.yaml');

/** An entry's changes as `class: where: what` lines. */
const lines = (entry: ChangelogEntry | undefined) =>
  (entry?.changes ?? []).map(
    (c) =>
      `${c.class}: ${c.operation ? `${c.operation.method} ${c.operation.path}` : (c.model ?? '-')}: ${c.summary}${c.sunset ? ` (sunset ${c.sunset})` : ''}`,
  );

describe('the changelog of a description with three releases', () => {
  const changelog = loadChangelog(garden);

  it('has an entry per release, newest first, dated from its file, each compared with the one before', () => {
    expect(
      changelog?.entries.map(({ version, date, previous, released }) => ({ version, date, previous, released })),
    ).toEqual([
      { version: '2.0.0', date: '2026-08-10', previous: '1.1.0', released: true },
      { version: '1.1.0', date: '2026-03-02', previous: '1.0.0', released: true },
      { version: '1.0.0', date: '2026-01-15', previous: undefined, released: true },
    ]);
  });

  it('lists what each release changed, by class, with a deprecation’s sunset', () => {
    const [v2, v11, v1] = changelog?.entries ?? [];
    expect(lines(v11).filter((line) => !line.startsWith('annotation'))).toEqual([
      'added: GET /plants: Added query parameter `species`',
      'added: GET /plants: Added field `[].height` to the 200 response',
      'added: POST /plants: Added field `height` to the 201 response',
      'added: GET /plants/{plantId}: Added field `height` to the 200 response',
      'deprecated: DELETE /plants/{plantId}: Deprecated (sunset 2026-06-30)',
      'added: POST /plants/{plantId}/archive: Added the operation',
      'added: GET /plants/{plantId}/waterings: Added the operation',
      'added: Plant: Added field `height` to model Plant',
      'added: Watering: Added model Watering',
    ]);
    expect(lines(v2).filter((line) => !line.startsWith('annotation'))).toEqual([
      'breaking: GET /plants: Removed field `[].nickname` from the 200 response',
      'breaking: POST /plants: Removed field `nickname` from the 201 response',
      'breaking: DELETE /plants/{plantId}: Removed the operation',
      'breaking: GET /plants/{plantId}: Removed field `nickname` from the 200 response',
      'changed: Plant: Removed field `nickname` from model Plant',
    ]);
    // The version itself is the entry's title, not one of its changes.
    expect(lines(v2)).not.toContainEqual(expect.stringContaining('info.version'));
    expect(lines(v1)).toEqual([]);
  });

  it('knows the release that added each operation and model, and the last that changed it for its readers', () => {
    const operations = Object.fromEntries(changelog?.operations ?? []);
    expect(operations).toEqual({
      '/paths/~1plants/get': { addedIn: '1.0.0', changedIn: '2.0.0' },
      '/paths/~1plants/post': { addedIn: '1.0.0', changedIn: '2.0.0' },
      '/paths/~1plants~1{plantId}/get': { addedIn: '1.0.0', changedIn: '2.0.0' },
      '/paths/~1plants~1{plantId}~1archive/post': { addedIn: '1.1.0' },
      '/paths/~1plants~1{plantId}~1waterings/get': { addedIn: '1.1.0' },
    });
    expect(Object.fromEntries(changelog?.models ?? [])).toEqual({
      NewPlant: { addedIn: '1.0.0' },
      Plant: { addedIn: '1.0.0', changedIn: '2.0.0' },
      Watering: { addedIn: '1.1.0' },
    });
  });
});

describe('the Pet Store’s changelog', () => {
  it('is its one release, which deprecates GET /pets/{petId} with its sunset', () => {
    const changelog = loadChangelog(path.join(root, 'spec/openapi.yaml'));
    expect(changelog?.entries).toHaveLength(1);
    expect(changelog?.entries[0]?.version).toBe('1.0.0');
    expect(changelog?.entries[0]?.date).toBe('2026-11-24');
    expect(lines(changelog?.entries[0])).toEqual(['deprecated: GET /pets/{petId}: Deprecated (sunset 2027-06-30)']);
  });
});

describe('the working description in the history', () => {
  /** The Garden's releases up to `upTo`, beside a working description written by `edit` from the 2.0.0 one. */
  const setUp = (upTo: string[], edit: (text: string) => string) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-changelog-'));
    mkdirSync(path.join(dir, 'releases'));
    for (const version of upTo) {
      copyFileSync(path.join(releasesDir(garden), `${version}.yaml`), path.join(dir, 'releases', `${version}.yaml`));
    }
    const spec = path.join(dir, 'openapi.yaml');
    writeFileSync(spec, edit(readFileSync(garden, 'utf8')));
    return spec;
  };

  it('follows the last release as not released yet when its version has not been cut', () => {
    const spec = setUp(['1.0.0', '1.1.0', '2.0.0'], (text) =>
      text
        .replace('version: 2.0.0', 'version: 2.1.0')
        .replace(
          '  /plants:\n',
          '  /seeds:\n    get:\n      operationId: listSeeds\n      tags: [Plants]\n      responses:\n        "200":\n          description: The seeds.\n  /plants:\n',
        ),
    );
    const changelog = loadChangelog(spec);
    expect(changelog?.entries.map((e) => [e.version, e.released, e.previous])).toEqual([
      ['2.1.0', false, '2.0.0'],
      ['2.0.0', true, '1.1.0'],
      ['1.1.0', true, '1.0.0'],
      ['1.0.0', true, undefined],
    ]);
    expect(lines(changelog?.entries[0])).toEqual(['added: GET /seeds: Added the operation']);
    expect(changelog?.operations.get('/paths/~1seeds/get')).toEqual({ addedIn: '2.1.0' });
  });

  it('stands for the release of its version, and later releases are left out', () => {
    const releases = path.join(root, 'tests/fixtures/changelog/releases');
    const older = readFileSync(path.join(releases, '1.1.0.yaml'), 'utf8');
    const spec = setUp(['1.0.0', '1.1.0', '2.0.0'], () => older);
    expect(loadChangelog(spec)?.entries.map((e) => e.version)).toEqual(['1.1.0', '1.0.0']);
  });

  it('has no changelog without releases', () => {
    expect(loadChangelog(setUp([], (text) => text))).toBeUndefined();
  });

  it('follows the last release, with a warning at its line, when its info.version is no version', () => {
    // semver threw "Invalid Version: banana" from the changelog's pages.
    const spec = setUp(['1.0.0', '1.1.0', '2.0.0'], (text) => text.replace('version: 2.0.0', 'version: banana'));
    expect(loadChangelog(spec)?.entries.map((e) => [e.version, e.released, e.previous])).toEqual([
      ['banana', false, '2.0.0'],
      ['2.0.0', true, '1.1.0'],
      ['1.1.0', true, '1.0.0'],
      ['1.0.0', true, undefined],
    ]);
    expect(checkChangelog(spec, 'banana')).toEqual([
      {
        severity: 'warning',
        pointer: '/info/version',
        position: { line: 8, column: 3 },
        message:
          '`info.version` is "banana", which is not a semantic version (MAJOR.MINOR.PATCH, as releases are named), so the changelog cannot tell which release it is: it shows this description after the last release, 2.0.0, as not released yet.',
        hint: 'Write the version this description is released as: 2.0.0 if it is that release, or a later one such as 2.1.0. npm run spec:release needs one too.',
      },
    ]);
    expect(checkChangelog(spec, '2.0.0')).toEqual([]);
  });
});

describe('a release file the changelog refuses', () => {
  it('is not named after a version, or is no description: an error naming the file, not a stack trace', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-changelog-'));
    mkdirSync(path.join(dir, 'releases'));
    const spec = path.join(dir, 'openapi.yaml');
    copyFileSync(garden, spec);
    writeFileSync(path.join(dir, 'releases', 'latest.yaml'), 'openapi: 3.0.3\n');
    const misnamed = thrownBy(() => checkChangelog(spec, '2.0.0'));
    expect(misnamed).toBeInstanceOf(SpecError);
    expect((misnamed as SpecError).file).toBe(path.join(dir, 'releases', 'latest.yaml'));
    expect((misnamed as SpecError).problems[0]?.message).toBe(
      'A release file is named after the version it releases; "latest" is not a version.',
    );
    rmSync(path.join(dir, 'releases', 'latest.yaml'));
    writeFileSync(path.join(dir, 'releases', '1.0.0.yaml'), '# Released 1.0.0 on 2026-01-15.\n- a list\n');
    const notMapping = thrownBy(() => loadChangelog(spec));
    expect(notMapping).toBeInstanceOf(SpecError);
    expect((notMapping as SpecError).problems[0]?.message).toBe(
      'This is not an OpenAPI description: its top level is not a mapping.',
    );
  });

  it('has a release date that is no calendar date: an error naming the file and its first line', () => {
    // It threw a RangeError from the changelog page's view.
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-changelog-'));
    mkdirSync(path.join(dir, 'releases'));
    for (const version of ['1.0.0', '1.1.0']) {
      const text = readFileSync(path.join(releasesDir(garden), `${version}.yaml`), 'utf8');
      writeFileSync(path.join(dir, 'releases', `${version}.yaml`), text.replace('on 2026-03-02', 'on 2026-02-30'));
    }
    const spec = path.join(dir, 'openapi.yaml');
    copyFileSync(garden, spec);
    const file = path.join(dir, 'releases', '1.1.0.yaml');
    for (const load of [() => loadChangelog(spec), () => checkChangelog(spec, '2.0.0')]) {
      const error = (() => {
        try {
          load();
          return undefined;
        } catch (thrown) {
          return thrown;
        }
      })();
      expect(error).toBeInstanceOf(SpecError);
      expect((error as SpecError).file).toBe(file);
      expect(formatProblems('releases/1.1.0.yaml', (error as SpecError).problems)).toBe(
        [
          'The API description releases/1.1.0.yaml has 1 error; nothing was built.',
          '',
          'releases/1.1.0.yaml:1:21  error  at (document root)',
          '  The release date "2026-02-30" on the first line is not a real calendar date.',
          '  Hint: Correct it to the day 1.1.0 was released, as YYYY-MM-DD: "# Released 1.1.0 on YYYY-MM-DD (npm run spec:release)."',
        ].join('\n'),
      );
    }
  });
});

/** What `run` throws, or undefined when it returns. */
function thrownBy(run: () => unknown): unknown {
  try {
    run();
    return undefined;
  } catch (thrown) {
    return thrown;
  }
}
