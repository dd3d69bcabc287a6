/** src/changes/gate.ts and `npm run spec:diff`: a breaking change needs a new major version. */
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiChanges } from '../../../src/changes/api-changes.ts';
import { isMajorBump, judgeBreakingChanges } from '../../../src/changes/gate.ts';
import { readDescription, releaseDate } from '../../../src/changes/releases.ts';
import { run } from '../support/programs.ts';
import { at, baseDescription, changed } from './fixtures.ts';

const judge = (after: Record<string, unknown>, headVersion: string, today = '2026-11-24') =>
  judgeBreakingChanges({
    changes: apiChanges(baseDescription(), after),
    before: baseDescription(),
    baseVersion: '1.0.0',
    headVersion,
    today,
  });

const removeAddPet = (d: Record<string, unknown>) => delete at(d, 'paths', '/pets').post;
const removeDeletePet = (d: Record<string, unknown>) => delete at(d, 'paths')['/pets/{petId}'];

describe('the breaking-change gate', () => {
  it('refuses a breaking change under a minor or patch version', () => {
    for (const version of ['1.1.0', '1.0.1', '1.0.0']) {
      const refused = judge(changed(removeAddPet, version), version).refused;
      expect(refused.map((c) => `${c.operation?.method} ${c.operation?.path}: ${c.summary}`)).toEqual([
        'POST /pets: Removed the operation',
      ]);
    }
  });

  it('lets it through under a new major version', () => {
    const verdict = judge(changed(removeAddPet, '2.0.0'), '2.0.0');
    expect(verdict.refused).toEqual([]);
    expect(verdict.allowed.map((a) => a.because)).toEqual(['major version 1.0.0 → 2.0.0']);
  });

  it('lets a deprecated operation go after its sunset, not before', () => {
    const after = changed(removeDeletePet, '1.1.0');
    expect(judge(after, '1.1.0', '2026-11-24').allowed.map((a) => a.because)).toEqual([
      'deprecated, with its sunset on 2026-06-30 passed',
    ]);
    expect(judge(after, '1.1.0', '2026-06-01').refused).toHaveLength(1);
  });

  it('never stops an addition or a description edit', () => {
    const after = changed((d) => {
      at(d, 'paths')['/toys'] = { get: { responses: { '200': { description: 'Toys.' } } } };
      at(d, 'info').description = 'All about pets.';
    }, '1.0.1');
    expect(judge(after, '1.0.1').refused).toEqual([]);
  });

  it('reads versions as semver', () => {
    expect(isMajorBump('1.9.0', '2.0.0')).toBe(true);
    expect(isMajorBump('1.9.0', '1.10.0')).toBe(false);
    expect(isMajorBump('1.0.0', 'two')).toBe(false);
  });
});

describe('npm run spec:diff', () => {
  const write = (dir: string, name: string, document: Record<string, unknown>) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(document, null, 2));
    return file;
  };

  it('exits 1 on a breaking change without a major bump, naming it, its place and what to do', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-diff-'));
    const base = write(dir, 'base.json', baseDescription());
    const head = write(dir, 'head.json', changed(removeAddPet, '1.1.0'));
    const { status, output } = run('src/changes/cli.ts', ['diff', base, head]);
    expect(status).toBe(1);
    expect(output).toContain('Breaking (1)');
    expect(output).toMatch(/base\.json:\d+:\d+ {2}error {2}at \/paths\/~1pets\/post/);
    expect(output).toContain('Breaking: Removed the operation (POST /pets), but the version goes from 1.0.0 to 1.1.0');
    expect(output).toContain('Bump info.version to 2.0.0, or deprecate it first');
  });

  it('exits 0 on the same change under a major bump, and on an addition', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-diff-'));
    const base = write(dir, 'base.json', baseDescription());
    const major = write(dir, 'major.json', changed(removeAddPet, '2.0.0'));
    expect(run('src/changes/cli.ts', ['diff', base, major]).status).toBe(0);
    const added = write(
      dir,
      'added.json',
      changed((d) => {
        at(d, 'paths')['/toys'] = { get: { responses: { '200': { description: 'Toys.' } } } };
      }, '1.1.0'),
    );
    const { status, output } = run('src/changes/cli.ts', ['diff', base, added]);
    expect(status).toBe(0);
    expect(output).toContain('Added (1)');
  });
});

describe('npm run spec:release', () => {
  /** A working description (`head`) and a releases folder holding 1.0.0 (the base description). */
  const setUp = (head: Record<string, unknown>) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'petstore-release-'));
    const releases = path.join(dir, 'releases');
    mkdirSync(releases);
    writeFileSync(path.join(releases, '1.0.0.yaml'), JSON.stringify(baseDescription(), null, 2));
    const spec = path.join(dir, 'openapi.json');
    writeFileSync(spec, JSON.stringify(head, null, 2));
    const release = () =>
      run('src/changes/cli.ts', ['release', '--today', '2026-12-01'], {
        PETSTORE_SPEC: spec,
        PETSTORE_RELEASES: releases,
      });
    return { releases, release };
  };

  it('keeps the working description as releases/<version>.yaml, once, dated', () => {
    const head = changed((d) => {
      at(d, 'paths')['/toys'] = { get: { responses: { '200': { description: 'Toys.' } } } };
    }, '1.1.0');
    const { releases, release } = setUp(head);
    const first = release();
    expect(first.status, first.output).toBe(0);
    expect(readdirSync(releases).sort()).toEqual(['1.0.0.yaml', '1.1.0.yaml']);
    const kept = readDescription(path.join(releases, '1.1.0.yaml'));
    expect(kept.data).toEqual(head);
    expect(releaseDate(kept.text, 'releases/1.1.0.yaml')).toBe('2026-12-01');
    const again = release();
    expect(again.status).toBe(1);
    expect(again.output).toContain('1.1.0.yaml exists: 1.1.0 is released.');
  });

  it('refuses a version that is not semver, one not after the last release, and a breaking change under a minor', () => {
    for (const [head, message] of [
      [baseDescription('v1'), 'info.version "v1" is not a semantic version'],
      [baseDescription('0.9.0'), 'info.version 0.9.0 is not after the last release, 1.0.0.'],
      [changed(removeAddPet, '1.1.0'), 'Bump info.version to 2.0.0'],
    ] as const) {
      const { releases, release } = setUp(head);
      const { status, output } = release();
      expect(status).toBe(1);
      expect(output).toContain(message);
      expect(readdirSync(releases)).toEqual(['1.0.0.yaml']); // nothing written, not even in part
    }
  });
});
