/**
 * The links in the sandbox's answers (Location of what a POST made, Link to the next page) are on the sandbox's own
 * address: a client's Host header is not written back into them, as it was (a Host of evil.example gave
 * `Location: http://evil.example/pets/4`, which any cache between would keep for everyone).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxProcess, startSandboxProcess } from '../../support/sandbox-process.ts';

let sandbox: SandboxProcess | undefined;
beforeAll(async () => {
  sandbox = await startSandboxProcess();
}, 60_000);
afterAll(() => {
  sandbox?.child.kill('SIGTERM');
});

/** A request with a Host of the client's choosing (fetch does not let one set it). */
function send(method: string, path: string, body?: string) {
  const { port } = new URL(sandbox?.baseUrl ?? '');
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { Host: 'evil.example', 'X-API-Key': 'demo-enterprise-key', 'Content-Type': 'application/json' },
      },
      (response) => {
        response.resume();
        resolve(response);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('links in answers', () => {
  it("are on the sandbox's own address whatever Host the client sends", async () => {
    const own = `http://localhost:${new URL(sandbox?.baseUrl ?? '').port}`;
    const made = await send('POST', '/pets', JSON.stringify({ name: 'Bella', categoryId: 1 }));
    expect(made.statusCode).toBe(201);
    expect(made.headers.location).toMatch(new RegExp(`^${own}/pets/\\d+$`));
    const listed = await send('GET', '/pets?limit=1');
    expect(listed.headers.link).toContain(`<${own}/pets?`);
    expect(`${made.headers.location} ${listed.headers.link}`).not.toContain('evil.example');
  });
});
