/**
 * `npm run sandbox` as a real process on 127.0.0.1: it serves over HTTP,
 * answers the portal's CORS preflights and exposes the documented headers,
 * and stops cleanly on SIGINT and SIGTERM.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandboxProcess } from '../../support/sandbox-process.ts';

let child: ChildProcess | undefined;

/** Starts the sandbox on a free port and resolves with its base URL once it listens. */
async function startServer(env: Record<string, string> = {}): Promise<string> {
  const started = await startSandboxProcess(env);
  child = started.child;
  return started.baseUrl;
}

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

describe('npm run sandbox', () => {
  it('serves the API over HTTP with the demo keys', async () => {
    const base = await startServer();
    const response = await fetch(`${base}/pets/1/details`, { headers: { 'X-API-Key': 'demo-free-key' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 1, name: 'Rex' });
    expect(response.headers.get('X-RateLimit-Limit')).toBe('60');
  });

  it('lets the portal read the documented headers across origins', async () => {
    const base = await startServer({ SITE_URL: 'https://docs.petstore.dev' });
    const preflight = await fetch(`${base}/pets`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://docs.petstore.dev',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-api-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.petstore.dev');
    expect(preflight.headers.get('Access-Control-Allow-Methods')?.split(', ').sort()).toEqual([
      'DELETE',
      'GET',
      // The console's probe: a plain OPTIONS tells it the sandbox is running.
      'OPTIONS',
      'POST',
      'PUT',
    ]);
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('x-api-key');

    const response = await fetch(`${base}/pets/1`, {
      headers: { Origin: 'http://localhost:4321', 'X-API-Key': 'demo-free-key' },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:4321');
    const exposed = response.headers.get('Access-Control-Expose-Headers')?.split(', ') ?? [];
    for (const name of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'Deprecation',
      'Sunset',
      'Link',
    ]) {
      expect(exposed).toContain(name);
    }

    const stranger = await fetch(`${base}/pets`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(stranger.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops cleanly on %s, even with a keep-alive connection open',
    async (signal) => {
      const base = await startServer();
      await fetch(`${base}/categories`, { headers: { 'X-API-Key': 'demo-free-key', Connection: 'keep-alive' } });
      const exited = once(child as ChildProcess, 'exit');
      child?.kill(signal);
      const [code] = await exited;
      expect(code).toBe(0);
    },
  );
});
