/**
 * `npm run preview`'s answers (publishing/static-site.ts): a malformed percent-encoding is a 400 and the server
 * goes on serving; a redirect is relative to the site, whatever Host or absolute-form target a client sends.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../src/publishing/static-site.ts';

let port = 0;
let dir: string;
let server: Server;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'preview-'));
  mkdirSync(path.join(dir, 'reference'));
  writeFileSync(path.join(dir, 'index.html'), '<h1>Home</h1>');
  writeFileSync(path.join(dir, 'reference', 'index.html'), '<h1>Reference</h1>');
  writeFileSync(path.join(dir, '404.html'), '<h1>Not found</h1>');
  writeFileSync(path.join(dir, 'index.md'), '# Home\n');
  writeFileSync(path.join(dir, 'reference.md'), '# Reference\n');
  server = createServer(staticSite(dir, [{ pattern: '/*', headers: [['X-Content-Type-Options', 'nosniff']] }]));
  // Any free port: a fixed one may be another run's.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A request sent as written (no normalizing of the path), with the headers given. */
function get(target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target, headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the preview server', () => {
  it('answers a malformed percent-encoding with 400 and keeps serving', async () => {
    const bad = await get('/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/not valid percent-encoding/);
    expect((await get('/reference/')).body).toBe('<h1>Reference</h1>');
  });

  it('never writes the Host header or another host into a redirect', async () => {
    const reflected = await get('/reference', { Host: 'evil.example' });
    expect(reflected.status).toBe(301);
    expect(reflected.headers.location).toBe('/reference/');
    expect(JSON.stringify(reflected.headers)).not.toContain('evil.example');
    // A path of two slashes would be read by a browser as the address of a host named "reference".
    expect((await get('//reference')).headers.location).toBe('/reference/');
    expect((await get('/.//reference')).headers.location).toBe('/reference/');
    expect((await get('http://evil.example/reference')).headers.location).toBe('/reference/');
  });

  it("answers a page asked for as Markdown with its twin, the home page's too", async () => {
    const markdown = { Accept: 'text/markdown, text/html;q=0.9' };
    expect((await get('/', markdown)).body).toBe('# Home\n');
    expect((await get('/reference/', markdown)).body).toBe('# Reference\n');
    expect((await get('/')).body).toBe('<h1>Home</h1>');
  });

  it('serves no file outside the site', async () => {
    const outside = await get('/../../../../etc/passwd');
    expect(outside.status).toBe(404);
    expect(outside.body).toBe('<h1>Not found</h1>');
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});
