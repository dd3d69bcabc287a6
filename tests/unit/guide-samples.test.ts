/**
 * Every runnable sample in the guides runs against the sandbox: the first
 * calls in curl, JavaScript and Python (when present) against the real
 * process, and the back-off clients — the TypeScript one through a real 429,
 * on a sandbox whose clock the test moves instead of waiting.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/guides/samples/backoff-client.ts';
import { ManualClock } from '../../src/rate-limits/clock.ts';
import { createSandbox } from '../../src/sandbox/app.ts';
import { startSandboxProcess } from '../support/sandbox-process.ts';
import { petStoreModel } from './sandbox/support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const samples = path.join(root, 'src/guides/samples');
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

let sandbox: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  ({ child: sandbox, baseUrl } = await startSandboxProcess());
});

afterAll(() => {
  sandbox.kill('SIGTERM');
});

function runSample(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    cwd: samples,
    encoding: 'utf8',
    env: { ...process.env, PETSTORE_URL: baseUrl, PETSTORE_API_KEY: 'demo-free-key' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('getting started samples', () => {
  it.runIf(has('curl') && has('bash'))('curl gets a sandbox key of its own, on the Free plan', () => {
    const { status, stdout } = runSample('bash', ['get-key.sh']);
    expect(status).toBe(0);
    const answer = JSON.parse(stdout) as { key: string; plan: string; expiresAt: string };
    expect(answer.key).toMatch(/^sk_sandbox_/);
    expect(answer.plan).toBe('free');
    expect(Date.parse(answer.expiresAt)).toBeGreaterThan(Date.now());
  });

  it.runIf(has('curl') && has('bash'))('curl lists two pets and shows the rate-limit headers', () => {
    const { status, stdout } = runSample('bash', ['first-call.sh']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^HTTP\/1\.1 200/);
    expect(stdout.toLowerCase()).toContain('x-ratelimit-remaining:');
    expect(stdout).toContain('"name":"Rex"');
  });

  it('JavaScript lists two pets and the quota left', () => {
    const { status, stdout, stderr } = runSample(process.execPath, ['first-call.mjs']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^1 Rex \(available\)\n2 Misty \(pending\)\n\d+ of 60 requests left, until \d{4}-/);
  });

  it.runIf(has('python3'))('Python lists two pets and the quota left', () => {
    const { status, stdout, stderr } = runSample('python3', ['first_call.py']);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^1 Rex \(available\)\n2 Misty \(pending\)\n\d+ of 60 requests left, until \d{4}-/);
  });

  it.runIf(has('python3'))('the Python back-off client makes a call', () => {
    const { status, stdout } = runSample('python3', ['backoff_client.py']);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^200 \['Rex', 'Misty'\] \d+ left/);
  });
});

describe('the TypeScript back-off client', () => {
  it('meets a real 429, waits exactly Retry-After, and then succeeds', async () => {
    const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 15));
    const { app } = createSandbox({ model: await petStoreModel(), clock });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const waits: number[] = [];
      const request = createClient({
        baseUrl: url,
        apiKey: 'demo-free-key',
        // Instead of sleeping, move the sandbox's clock: the test takes milliseconds.
        sleep: async (ms) => {
          waits.push(ms);
          clock.advance(ms);
        },
      });
      for (let i = 0; i < 60; i++) expect((await request('/categories')).status).toBe(200);
      const response = await request('/pets?limit=1');
      expect(response.status).toBe(200);
      expect(waits).toEqual([45_000]); // 45 s were left in the minute: one wait, exactly Retry-After
      expect(response.headers.get('X-RateLimit-Remaining')).toBe('59');
    } finally {
      server.close();
    }
  });
});
