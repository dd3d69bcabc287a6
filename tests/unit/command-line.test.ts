/**
 * The programs' command lines (src/command-line.ts): `--help` prints the usage and exits 0; a mistyped flag is
 * named as one and exits 2, instead of being read as a file that "does not exist". And `npm run preview` serves a
 * build as the static host will, `_headers` included.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCommandLine } from '../../src/command-line.ts';
import { freePort, waitForHttp } from '../support/local-net.ts';
import { programEnv, root, run } from './support/programs.ts';

const spec = {
  name: 'tool',
  usage: 'Usage: tool [--strict] [file]',
  options: { strict: { type: 'boolean' }, port: { type: 'string' } },
  maxPositionals: 1,
} as const;

describe('readCommandLine', () => {
  it('reads options and positionals', () => {
    const reading = readCommandLine(['--strict', 'a.yaml', '--port', '5'], spec);
    expect(reading).toEqual({
      ok: true,
      args: { values: { strict: true, port: '5' }, positionals: ['a.yaml'] },
    });
  });

  it('answers --help and -h with the usage, exit code 0', () => {
    for (const help of ['--help', '-h']) {
      expect(readCommandLine(['a.yaml', help], spec)).toEqual({ ok: false, exitCode: 0, message: spec.usage });
    }
    // After `--`, "--help" is a file name like any other.
    expect(readCommandLine(['--', '--help'], spec)).toMatchObject({ ok: true, args: { positionals: ['--help'] } });
  });

  it('names an unknown option in one line, exit code 2', () => {
    expect(readCommandLine(['--stict', 'a.yaml'], spec)).toEqual({
      ok: false,
      exitCode: 2,
      message: 'tool: unknown option --stict (--help lists the options).',
    });
    expect(readCommandLine(['-x'], spec)).toMatchObject({ exitCode: 2, message: expect.stringContaining('-x') });
  });

  it('says when an option lacks its value or there are too many arguments', () => {
    expect(readCommandLine(['--port'], spec)).toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('--port'),
    });
    expect(readCommandLine(['a.yaml', 'b.yaml'], spec)).toEqual({
      ok: false,
      exitCode: 2,
      message: 'tool: takes at most 1 argument, was also given b.yaml (--help lists the options).',
    });
  });
});

describe.each([
  ['spec:check', 'src/build/spec-check.ts', [], '--stict', 'spec:check: unknown option --stict'],
  ['spec:diff', 'src/changes/cli.ts', ['diff'], '--todya', 'spec:diff: unknown option --todya'],
  ['spec:release', 'src/changes/cli.ts', ['release'], '--bogus', 'spec:release: unknown option --bogus'],
  ['the static server', 'src/publishing/static-server.ts', [], '--prot', 'static-server: unknown option --prot'],
  ['spec:lint', 'src/openapi/lint-cli.ts', [], '--quiet', 'spec:lint: unknown option --quiet'],
  ['mcp', 'src/mcp/main.ts', [], '--sandbox-ur', 'mcp: unknown option --sandbox-ur'],
  ['sandbox', 'src/sandbox/main.ts', [], '--port', 'sandbox: unknown option --port'],
])('%s', (_name, program, command, typo, named) => {
  it('prints its usage for --help and exits 0', () => {
    const { status, output } = run(program, [...command, '--help']);
    expect(output).toMatch(/^Usage: /);
    expect(status).toBe(0);
  });

  it('names a mistyped flag as one, not as a file, and exits 2', () => {
    const { status, output } = run(program, [...command, typo, 'spec/openapi.yaml']);
    expect(output.trim()).toBe(`${named} (--help lists the options).`);
    expect(status).toBe(2);
  });
});

describe('spec:lint', () => {
  it('lints the description PETSTORE_SPEC names, not the Pet Store', () => {
    const other = 'tests/fixtures/described-sandbox/openapi.yaml';
    const { status, output } = run('src/openapi/lint-cli.ts', [], { PETSTORE_SPEC: other });
    expect(output).toContain(`validating ${other}`);
    expect(output).not.toContain('spec/openapi.yaml');
    // The fixture leaves some summaries out, which Redocly's recommended rules count as errors.
    expect(status).toBe(1);
  });
});

describe('npm run preview', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'preview-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    // npm runs the server in a shell: stop the whole group.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(site, { recursive: true, force: true });
  });

  it('serves a build with its _headers, as the static host will', async () => {
    writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(path.join(site, '_headers'), "/*\n  Content-Security-Policy: default-src 'self'\n");
    mkdirSync(path.join(site, 'guides', 'errors'), { recursive: true });
    writeFileSync(path.join(site, 'guides', 'errors', 'index.html'), '<!doctype html><title>Errors</title>');
    writeFileSync(path.join(site, 'guides', 'errors.md'), '# Errors\n');
    const port = await freePort();
    server = spawn('npm', ['run', 'preview', '--', site, '--port', String(port)], {
      cwd: root,
      env: programEnv(),
      stdio: 'ignore',
      detached: true,
    });
    await waitForHttp(`http://127.0.0.1:${port}/`);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'self'");
    // A page asked for as Markdown (as agents ask) is answered with its twin; a browser still gets the page.
    const page = `http://127.0.0.1:${port}/guides/errors/`;
    const asMarkdown = await fetch(page, { headers: { Accept: 'text/markdown, text/html;q=0.9' } });
    expect(asMarkdown.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await asMarkdown.text()).toBe('# Errors\n');
    expect(asMarkdown.headers.get('vary')).toMatch(/\bAccept\b/);
    const asHtml = await fetch(page, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(await asHtml.text()).toContain('<title>Errors</title>');
  });
});
