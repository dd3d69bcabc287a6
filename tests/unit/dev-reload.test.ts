/**
 * `astro dev` with a description being edited (src/integration/spec-watcher.ts): a save that breaks it prints our
 * report once, with nothing of Astro's error wrapper, and the dev server stays up; the save that fixes it is taken
 * in: with a restart when the site's title changed (Starlight's configuration holds it), in place otherwise. The description sits outside the project, as a docs team's may.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bin, programEnv, root } from './support/programs.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'petstore-dev-'));
const spec = path.join(dir, 'openapi.yaml');
const good = readFileSync(path.join(root, 'spec/openapi.yaml'), 'utf8');
let server: ChildProcess | undefined;
let output = '';

/** A port nothing listens on now (not 4321, which a developer's own `npm run dev` may hold). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * The environment of `npm run dev`: without Vitest's NODE_ENV=test and TEST (under which Astro turns off HMR, so
 * no error overlay), nor the variables by which Astro detects a coding agent and starts itself in the background.
 */
function devEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const agentVariable =
    /^(AI_AGENT|CLAUDECODE|CLAUDE_CODE|CODEX_|CURSOR_AGENT|AUGMENT_AGENT|COPILOT_AGENT|GEMINI_CLI|REPL_ID)/;
  return Object.fromEntries(
    Object.entries(programEnv(extra)).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !agentVariable.test(name),
    ),
  );
}

/** Waits until the server's output after `from` matches `pattern`. */
async function outputAfter(from: number, pattern: RegExp, timeoutMs = 90_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output.slice(from))) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${pattern}; the server said:\n${output}`);
    if (server?.exitCode !== null || server?.signalCode !== null) {
      throw new Error(`astro dev stopped (${server?.exitCode ?? server?.signalCode}):\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return output.slice(from);
}

/** The page's <title>; a server just restarted may answer 404 for a moment while it lists its routes again. */
async function titleOf(url: string): Promise<string> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const page = await fetch(url, { signal: AbortSignal.timeout(20_000) });
    if (page.ok) return /<title>([^<]*)<\/title>/.exec(await page.text())?.[1] ?? '';
    if (page.status !== 404) return `HTTP ${page.status}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return 'no answer but 404';
}

/** Starts `astro dev` on `description`; its address. */
async function startDev(description: string): Promise<string> {
  server?.kill('SIGTERM');
  output = '';
  const port = await freePort();
  // --ignore-lock: Astro allows one dev server per project otherwise, and this one must not take a developer's.
  server = spawn(
    process.execPath,
    [bin('astro'), 'dev', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'],
    { cwd: root, env: devEnv({ PETSTORE_SPEC: description, NO_COLOR: '1' }) },
  );
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await outputAfter(0, /watching for file changes/);
  // Astro moves to another port when that one is taken meanwhile; it says which.
  const address = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
  expect(address, output).toBeDefined();
  return address ?? '';
}

afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('astro dev and an edited description', () => {
  it('reports a broken save once, in our words only, and restarts with the fixed one', async () => {
    writeFileSync(spec, good);
    const address = await startDev(spec);

    let from = output.length;
    writeFileSync(spec, good.replace('openapi: 3.0.3\n', 'openapi: 3.0.3\npaths: [unclosed\n'));
    const broken = await outputAfter(from, /until a save fixes them\.[\s\S]*Hint:[^\n]*\n/);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const said = output.slice(from);
    expect(broken).toMatch(/The API description \S*openapi\.yaml has \d+ errors?;/);
    expect(said.match(/until a save fixes them/g)).toHaveLength(1);
    expect(said).toMatch(/openapi\.yaml:3:\d+ {2}error/);
    for (const noise of ['An unhandled error occurred', 'Stack trace', 'Browser APIs', 'nothing was built']) {
      expect(said).not.toContain(noise);
    }
    // Meanwhile a page opened for the first time shows the last version that built, as the report says.
    expect(await titleOf(`${address}/reference/`)).toBe('Pet Store API reference | Pet Store API');

    from = output.length;
    writeFileSync(spec, good.replace(/^ {2}title: .*$/m, '  title: Fixed Store API'));
    await outputAfter(from, /server restarted/);
    expect(await titleOf(`${address}/reference/`), output.slice(from)).toBe(
      'Fixed Store API reference | Fixed Store API',
    );
  }, 300_000);

  it('watches every file of a multi-file description', async () => {
    const copy = path.join(dir, 'multi');
    cpSync(path.join(root, 'tests/fixtures/multi-file'), copy, { recursive: true });
    const pets = path.join(copy, 'paths/pets.yaml');
    const written = readFileSync(pets, 'utf8');
    const address = await startDev(path.join(copy, 'openapi.yaml'));
    const page = `${address}/reference/pets/list-pets/`;
    expect(await titleOf(page)).toBe('List pets | Kennel Pets API');

    let from = output.length;
    writeFileSync(pets, written.replace('  operationId: listPets\n', '  operationId: listPets\n  tags: [Pets]\n'));
    await outputAfter(from, /until a save fixes them\.[\s\S]*Hint:[^\n]*\n/);
    expect(output.slice(from)).toMatch(/paths\/pets\.yaml:\d+:\d+ {2}error/);

    from = output.length;
    writeFileSync(pets, written.replace('summary: List pets', 'summary: List every pet'));
    // A summary is not in Starlight's configuration: taken in without a restart.
    const said = await outputAfter(from, /openapi\.yaml updated in place/);
    expect(said).not.toMatch(/restart/i);
    expect(await titleOf(page), output.slice(from)).toBe('List every pet | Kennel Pets API');
  }, 300_000);
});
