/**
 * The checks around the spec that run as real programs: the Redocly linter,
 * `npm run spec:check`, and `npm run build` (`src/build/build-site.sh`):
 * refusing a bad description, and under a base path.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outDirOf } from '../../src/build/search-index.ts';
import { brokenLinks, walk } from '../support/built-site.ts';
import { noChromiumMessage } from '../support/chromium.ts';
import { bin, buildSite, root, run } from './support/programs.ts';

const badSpec = 'tests/fixtures/specs/broken-ref.yaml';
/** A description with a mistake the build only warns about (an operationId used twice). */
const warnedSpec = 'tests/fixtures/specs/duplicate-operation-id.yaml';
const brokenRefAt = `${badSpec}:15:17  error  at /paths/~1things/get/responses/200/content/application~1json/schema/$ref`;

/** Redocly's recommended ruleset; localhost is allowed because the sandbox server is meant to be local. */
function redoclyLint(file: string) {
  const { status, output } = run(bin('redocly'), [
    'lint',
    file,
    '--skip-rule',
    'no-server-example.com',
    '--format',
    'json',
  ]);
  const json = output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1);
  return {
    status,
    report: JSON.parse(json) as { totals: { errors: number; warnings: number }; problems: { message: string }[] },
  };
}

describe('the Redocly linter', () => {
  it('reports no errors and no warnings on spec/openapi.yaml', () => {
    const { status, report } = redoclyLint('spec/openapi.yaml');
    expect(report.problems.map((p) => p.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(status).toBe(0);
  });

  it('does report errors on a broken description (so the check above can fail)', () => {
    const { status, report } = redoclyLint(badSpec);
    expect(report.totals.errors).toBeGreaterThan(0);
    expect(status).not.toBe(0);
  });
});

describe('npm run spec:check', () => {
  it('summarises a good description and exits 0', () => {
    const { status, output } = run('src/build/spec-check.ts', []);
    expect(output).toMatch(/^✔ spec\/openapi\.yaml: Pet Store API 1\.0\.0 \(OpenAPI 3\.0\.3\) — \d+ operations/m);
    expect(status).toBe(0);
  });

  it('says what it checked, lists the problems of a bad one with file:line:column and exits 1', () => {
    const { status, output } = run('src/build/spec-check.ts', [badSpec]);
    expect(output).toMatch(
      new RegExp(`^Checked ${badSpec.replaceAll('.', '\\.')}: \\d+ errors?( and \\d+ warnings?)?\\.$`, 'm'),
    );
    expect(output).not.toContain('nothing was built');
    expect(output).toContain(brokenRefAt);
    expect(output).toContain('The reference "#/components/schemas/Thing" points at nothing in this file.');
    expect(status).toBe(1);
  });

  it('passes a description with warnings, and refuses it with --strict or PETSTORE_STRICT=1', () => {
    const lenient = run('src/build/spec-check.ts', [warnedSpec]);
    expect(lenient.output).toContain(`${warnedSpec}:13:7  warning  at /paths/~1things/post/operationId`);
    expect(lenient.status).toBe(0);
    for (const strict of [
      run('src/build/spec-check.ts', ['--strict', warnedSpec]),
      run('src/build/spec-check.ts', [warnedSpec], { PETSTORE_STRICT: '1' }),
    ]) {
      expect(strict.output).toContain(`${warnedSpec}:13:7  error  at /paths/~1things/post/operationId`);
      expect(strict.status).toBe(1);
    }
  });
});

describe('npm run build with a bad description', () => {
  it('stops before writing anything and prints every problem', () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-bad-build-')), 'dist');
    const { status, output } = run(buildSite, ['--outDir', outDir], { PETSTORE_SPEC: badSpec });
    expect(output).toContain(brokenRefAt);
    expect(output).toContain('nothing was built');
    // Our report once, and nothing of Astro's or Starlight's error wrapper around it.
    expect(output.split('nothing was built').length).toBe(2);
    expect(output).not.toMatch(/unhandled error|Stack trace|\[ERROR\]/i);
    expect(status).not.toBe(0);
    expect(existsSync(outDir)).toBe(false);
  });
});

describe('npm run build under a base path', () => {
  it('keeps every internal link and asset inside the base, every link and anchor resolves, search is indexed, and nothing is sent anywhere', () => {
    const outDir = path.join(mkdtempSync(path.join(tmpdir(), 'petstore-base-build-')), 'dist');
    const base = '/docs';
    // Telemetry left to the project's own settings, and not hidden by a CI variable (Astro sends none in CI).
    const lookups = path.join(path.dirname(outDir), 'host-lookups.log');
    const { status, output } = run(buildSite, ['--base', base, '--outDir', outDir], {
      CI: '',
      ASTRO_TELEMETRY_DISABLED: '',
      NODE_OPTIONS: `--import=${path.join(root, 'tests/support/host-lookups.ts')}`,
      HOST_LOOKUPS_LOG: lookups,
    });
    expect(status, output.slice(-2000)).toBe(0);
    // A docs team building its private API's portal sends nothing anywhere (Astro's telemetry host was looked up).
    const hosts = existsSync(lookups) ? readFileSync(lookups, 'utf8').split('\n').filter(Boolean) : [];
    expect(hosts.filter((host) => !['localhost', '127.0.0.1', '::1'].includes(host))).toEqual([]);
    expect(brokenLinks(outDir, base)).toEqual([]);
    // The search index is written after the build, into the folder the build wrote, for every page.
    const pages = walk(outDir).filter((file) => file.endsWith('.html')).length;
    expect(output).toContain(`Indexed ${pages} pages`);
    expect(existsSync(path.join(outDir, 'pagefind/pagefind.js'))).toBe(true);
  });
});

describe('the search index step', () => {
  it('finds the folder the build wrote among the options given to astro build', () => {
    expect(outDirOf(['--base', '/docs', '--outDir', 'out'], '/repo')).toBe('/repo/out');
    expect(outDirOf(['--outDir=/tmp/site', '--base', '/docs'], '/repo')).toBe('/tmp/site');
    expect(outDirOf(['--base', '/docs'], '/repo')).toBe('/repo/dist');
    expect(() => outDirOf(['--outDir'], '/repo')).toThrow('--outDir needs a folder after it.');
    expect(() => outDirOf(['--outDir', '--base', '/docs'], '/repo')).toThrow('--outDir needs a folder after it.');
  });
});

describe('the browser tests without a Chromium to launch', () => {
  it('stop at once with one line naming a CHROMIUM_PATH that points nowhere, not a stack trace', () => {
    const nowhere = path.join(tmpdir(), 'no-such-chromium');
    const { status, output } = run(bin('playwright'), ['test', '--config', 'tests/playwright.config.ts', '--list'], {
      CHROMIUM_PATH: nowhere,
    });
    expect(status).toBe(1);
    expect(output.trim().split('\n')).toEqual([noChromiumMessage(nowhere)]);
    expect(noChromiumMessage(nowhere)).toMatch(
      /^CHROMIUM_PATH is \S+no-such-chromium, which is not a file: set it to /,
    );
  });

  it('say how to get one when none is installed and CHROMIUM_PATH is not set', () => {
    expect(noChromiumMessage('')).toMatch(
      /^No Chromium for the browser tests\. On Debian or Ubuntu: apt-get install -y chromium;/,
    );
  });
});
