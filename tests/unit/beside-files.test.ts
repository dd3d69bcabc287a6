/**
 * Files beside the description (favicon.svg, portal.json, release files) are read only when they are regular
 * files inside the description's folder: a symbolic link out of it, a FIFO, a folder named like the file are each
 * one located line, and a FIFO never hangs the read.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkChangelog, loadChangelog } from '../../src/changes/load-changelog.ts';
import { SpecError } from '../../src/openapi/index.ts';
import { ownIcon } from '../../src/publishing/site-icon.ts';
import { readBesideText } from '../../src/site/beside-files.ts';

let dir: string;
let spec: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'beside-'));
  mkdirSync(path.join(dir, 'spec'));
  spec = path.join(dir, 'spec', 'openapi.yaml');
  writeFileSync(spec, 'openapi: 3.1.0\n');
  writeFileSync(path.join(dir, 'secret.txt'), 'root:x:0:0:secret\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const within = () => ({ within: [path.join(dir, 'spec')], maxBytes: 1024 });
const errorOf = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'no error';
};

describe('reading a file beside the description', () => {
  it('reads a regular file inside the folder, and gives undefined for none', () => {
    writeFileSync(path.join(dir, 'spec', 'portal.json'), '{}');
    expect(readBesideText(path.join(dir, 'spec', 'portal.json'), within())).toBe('{}');
    expect(readBesideText(path.join(dir, 'spec', 'none.json'), within())).toBeUndefined();
  });

  it('refuses a symbolic link out of the folder without quoting the file it points at', () => {
    symlinkSync(path.join(dir, 'secret.txt'), path.join(dir, 'spec', 'favicon.svg'));
    const message = errorOf(() => ownIcon(path.dirname(spec)));
    expect(message).toMatch(/favicon\.svg: it is a symbolic link to a file outside .*spec; it is not read\./);
    expect(message).not.toContain('root:x');
  });

  it('reads a symbolic link that stays inside the folder', () => {
    writeFileSync(path.join(dir, 'spec', 'real.json'), '{"a":1}');
    symlinkSync('real.json', path.join(dir, 'spec', 'portal.json'));
    expect(readBesideText(path.join(dir, 'spec', 'portal.json'), within())).toBe('{"a":1}');
  });

  it('refuses a FIFO at once instead of waiting on it', () => {
    const fifo = path.join(dir, 'spec', 'favicon.svg');
    execFileSync('mkfifo', [fifo]);
    const started = Date.now();
    expect(errorOf(() => ownIcon(path.dirname(spec)))).toMatch(
      /favicon\.svg: it is a FIFO, not a regular file; it is not read\./,
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a folder named like the file, and a file over the limit', () => {
    mkdirSync(path.join(dir, 'spec', 'favicon.svg'));
    expect(errorOf(() => ownIcon(path.dirname(spec)))).toMatch(
      /favicon\.svg: it is a folder, not a file; it is not read\./,
    );
    writeFileSync(path.join(dir, 'spec', 'big.json'), 'x'.repeat(5000));
    expect(errorOf(() => readBesideText(path.join(dir, 'spec', 'big.json'), within()))).toMatch(
      /big\.json: it is 5 KB, over the limit of 1 KB/,
    );
  });
});

describe('release files', () => {
  const releases = () => path.join(dir, 'spec', 'releases');
  const specErrorOf = (read: () => unknown) => {
    try {
      read();
    } catch (error) {
      return error instanceof SpecError ? error.message : `not a SpecError: ${String(error)}`;
    }
    return 'no error';
  };
  beforeEach(() => {
    mkdirSync(releases());
    writeFileSync(path.join(releases(), '1.0.0.yaml'), '# Released 1.0.0 on 2026-01-05\nopenapi: 3.1.0\n');
  });

  it('refuses a folder named like a release with its name, not a stack trace', () => {
    mkdirSync(path.join(releases(), '1.2.0.yaml'));
    const message = specErrorOf(() => loadChangelog(spec));
    expect(message).toMatch(/releases\/1\.2\.0\.yaml/);
    expect(message).toContain('It is a folder, not a file; it is not read.');
  });

  it('refuses a release that links out of the folder without quoting the file', () => {
    symlinkSync(path.join(dir, 'secret.txt'), path.join(releases(), '1.1.0.yaml'));
    const message = specErrorOf(() => checkChangelog(spec, '1.1.0'));
    expect(message).toContain('It is a symbolic link to a file outside');
    expect(message).not.toContain('root:x');
  });

  it('refuses a FIFO release at once', () => {
    execFileSync('mkfifo', [path.join(releases(), '1.1.0.yaml')]);
    const started = Date.now();
    expect(specErrorOf(() => checkChangelog(spec, '1.1.0'))).toContain('It is a FIFO, not a regular file');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
