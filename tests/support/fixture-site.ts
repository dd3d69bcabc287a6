/**
 * Builds the portal from a fixture description into a temporary folder and
 * serves it on 127.0.0.1 (with its _headers), for browser tests of
 * descriptions other than the Pet Store's. `close` stops the server and
 * removes the build.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { walk } from './built-site.ts';
import { freePort, waitForHttp } from './local-net.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface FixtureSite {
  baseUrl: string;
  /** The same build served without its `_headers` (no CSP), as a host that ignores them does; when asked for. */
  withoutHeadersUrl?: string;
  /** Every page's URL path (`/`, `/reference/…/`), from the build on disk. */
  pages: string[];
  /** The folder the site was built into. */
  outDir: string;
  close(): void;
}

/**
 * For the tests of a spec file or describe block about one fixture: builds and serves it before the first (a build
 * takes a minute or two), stops it after the last, and runs the tests in order. Returns the site, once built.
 */
export function servedFixtureSite(fixture: string, name: string, options: ServeOptions = {}): () => FixtureSite {
  let site: FixtureSite | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    site = await buildAndServe(fixture, name, options);
  });
  test.afterAll(() => site?.close());
  return () => {
    if (!site) throw new Error(`The ${name} fixture site was not built.`);
    return site;
  };
}

export interface ServeOptions {
  /** Serve the build a second time without its `_headers` (`withoutHeadersUrl`). */
  alsoWithoutHeaders?: boolean;
  /** Build settings, as a docs team sets them (`SITE_URL`, `SANDBOX_URL`). */
  env?: Record<string, string>;
  /**
   * A folder to build into once and keep (its `dist/`): when a build already finished there, it is served again
   * rather than built again. Playwright restarts the worker after a failing test, which runs `beforeAll` again; a
   * spec whose tests are separate checks of one costly build keeps it here for the whole run. The caller removes it.
   */
  keptIn?: string;
}

export async function buildAndServe(fixture: string, name: string, options: ServeOptions = {}): Promise<FixtureSite> {
  const { keptIn } = options;
  const outDir = path.join(keptIn ?? mkdtempSync(path.join(tmpdir(), `petstore-${name}-`)), 'dist');
  const remove = () => (keptIn ? undefined : rmSync(path.dirname(outDir), { recursive: true, force: true }));
  const finished = keptIn && path.join(keptIn, 'built');
  if (!finished || !existsSync(finished)) {
    const built = await oneBuildAtATime(() =>
      spawnSync('sh', [path.join(root, 'src/build/build-site.sh'), '--outDir', outDir], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ...options.env, PETSTORE_SPEC: fixture },
      }),
    );
    if (built.status !== 0) {
      remove();
      throw new Error(`${path.relative(root, fixture)} did not build:\n${built.stdout}\n${built.stderr}`);
    }
    if (finished) writeFileSync(finished, '');
  }
  const servers: ChildProcess[] = [];
  const close = () => {
    for (const server of servers) server.kill('SIGTERM');
    remove();
  };
  const serve = async (extraArgs: string[]) => {
    const port = await freePort();
    servers.push(
      spawn(process.execPath, ['src/publishing/static-server.ts', outDir, '--port', String(port), ...extraArgs], {
        cwd: root,
        stdio: 'ignore',
      }),
    );
    const url = `http://127.0.0.1:${port}`;
    await waitForHttp(`${url}/`);
    return url;
  };
  let baseUrl: string;
  let withoutHeadersUrl: string | undefined;
  try {
    baseUrl = await serve([]);
    if (options.alsoWithoutHeaders) withoutHeadersUrl = await serve(['--no-headers']);
  } catch (error) {
    close();
    throw error;
  }
  const pages = walk(outDir)
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.relative(outDir, file).replace(/index\.html$/, '')}`);
  return { baseUrl, ...(withoutHeadersUrl ? { withoutHeadersUrl } : {}), pages, outDir, close };
}

/**
 * Two builds of this project at once (two test workers, each building a fixture) share Astro's and
 * Vite's caches under node_modules and spoil each other's output: pages came out without their
 * stylesheet. A lock directory (mkdir is atomic) makes them take turns, across worker processes; a
 * lock older than a build can take is from a crashed run and is taken over.
 */
async function oneBuildAtATime<T>(build: () => T): Promise<T> {
  const lock = path.join(tmpdir(), 'petstore-fixture-build.lock');
  const staleMs = 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleMs) rmSync(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return build();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
