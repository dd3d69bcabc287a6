/**
 * Serves a built site on 127.0.0.1 the way a static host would, applying its
 * `_headers` file — so a Content-Security-Policy the site breaks fails the
 * browser tests. Like every static host, it compresses text (gzip, when the
 * browser accepts it), so what the benchmarks time is what a reader downloads.
 * `--no-headers` serves without them, as a host that ignores `_headers` does.
 * Usage: node tests/support/static-server.ts [dir] --port N [--no-headers]
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { parseHeadersFile } from '../../src/publishing/host-files.ts';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 4322;
const dir = path.resolve(args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--port') ?? 'dist');
const headersPath = path.join(dir, '_headers');
const rules =
  existsSync(headersPath) && !args.includes('--no-headers') ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** Types a static host compresses; images, fonts and WebAssembly are compressed already or served as they are. */
const compressible = /^(text\/|application\/([\w.-]+\+)?(json|xml|yaml)|image\/svg)/;

function matches(pattern: string, pathname: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${source}$`).test(pathname);
}

function fileFor(pathname: string): string | undefined {
  const safe = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const full = path.join(dir, safe);
  if (!full.startsWith(dir)) return undefined;
  for (const candidate of [full, path.join(full, 'index.html'), `${full}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  if (pathname !== '/' && !path.extname(pathname) && !pathname.endsWith('/') && fileFor(`${pathname}/`)) {
    response.writeHead(301, { Location: `${pathname}/` }).end();
    return;
  }
  const file = fileFor(pathname);
  const status = file ? 200 : 404;
  const served = file ?? path.join(dir, '404.html');
  for (const rule of rules)
    if (matches(rule.pattern, pathname)) for (const [name, value] of rule.headers) response.setHeader(name, value);
  const type = types[path.extname(served)] ?? 'application/octet-stream';
  // A type _headers gives wins, as on static hosts (the api-catalog has no extension to go by).
  if (!response.hasHeader('Content-Type')) response.setHeader('Content-Type', type);
  const gzip =
    compressible.test(String(response.getHeader('Content-Type'))) &&
    /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) response.setHeader('Content-Encoding', 'gzip').setHeader('Vary', 'Accept-Encoding');
  response.writeHead(status);
  if (request.method === 'HEAD' || !existsSync(served)) response.end();
  else if (gzip) createReadStream(served).pipe(createGzip()).pipe(response);
  else createReadStream(served).pipe(response);
});

server.listen(port, '127.0.0.1', () =>
  console.log(`Serving ${dir} on http://127.0.0.1:${port} with ${rules.length} _headers rules`),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
