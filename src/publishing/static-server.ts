/**
 * Serves a built site on 127.0.0.1 the way a static host would, applying its
 * `_headers` file: `npm run preview` shows a docs team what it will publish
 * (the CSP, HSTS and the rest), and a Content-Security-Policy the site breaks
 * fails the browser tests. Like every static host, it compresses text (gzip,
 * when the browser accepts it), so what the benchmarks time is what a reader
 * downloads. `--no-headers` serves without them, as a host that ignores
 * `_headers` does.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { readCommandLine } from '../command-line.ts';
import { parseHeadersFile } from './host-files.ts';

const usage = `Usage: node src/publishing/static-server.ts [dir] [--port N] [--no-headers]
(npm run preview [-- [dir] [--port N]] serves dist/ on port 4321)

Serves a built site (default: dist) on http://127.0.0.1:<port> as a static host would: its _headers applied, text
gzipped, /path redirected to /path/ where that is a folder, 404.html for what is not there.

  --port N      the port (default: 4322, the browser tests')
  --no-headers  ignore _headers, as a host that does not read it
  -h, --help    print this and exit`;

const commandLine = readCommandLine(process.argv.slice(2), {
  name: 'static-server',
  usage,
  options: { port: { type: 'string', default: '4322' }, 'no-headers': { type: 'boolean' } },
  maxPositionals: 1,
});
if (!commandLine.ok) {
  (commandLine.exitCode === 0 ? console.log : console.error)(commandLine.message);
  process.exit(commandLine.exitCode);
}
const { values, positionals } = commandLine.args;
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`static-server: --port ${values.port} is not a port number (0 to 65535).`);
  process.exit(2);
}
const dir = path.resolve(positionals[0] ?? 'dist');
if (!existsSync(path.join(dir, 'index.html'))) {
  console.error(`static-server: ${dir} holds no built site (no index.html). Build it first: npm run build.`);
  process.exit(1);
}
const headersPath = path.join(dir, '_headers');
const rules =
  existsSync(headersPath) && !values['no-headers'] ? parseHeadersFile(readFileSync(headersPath, 'utf8')) : [];

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

/** Whether an Accept header ranks Markdown above HTML (an agent asking for `text/markdown`), by its q-values. */
function prefersMarkdown(accept: string): boolean {
  const quality = (type: string) =>
    Math.max(
      -1,
      ...accept.split(',').flatMap((range) => {
        const [name = '', ...params] = range.trim().toLowerCase().split(';');
        if (name.trim() !== type) return [];
        const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
        return [q === undefined ? 1 : Number(q)];
      }),
    );
  const markdown = quality('text/markdown');
  return markdown > 0 && markdown >= quality('text/html');
}

const server = createServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost');
  if (pathname !== '/' && !path.extname(pathname) && !pathname.endsWith('/') && fileFor(`${pathname}/`)) {
    response.writeHead(301, { Location: `${pathname}/` }).end();
    return;
  }
  const page = fileFor(pathname);
  // A page asked for as Markdown is answered with its twin (its URL plus `.md`), where it has one.
  const twin =
    page?.endsWith('index.html') && pathname !== '/' ? fileFor(`${pathname.replace(/\/$/, '')}.md`) : undefined;
  if (twin) response.setHeader('Vary', 'Accept');
  const file = twin && prefersMarkdown(String(request.headers.accept ?? '')) ? twin : page;
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
  if (gzip) {
    response
      .setHeader('Content-Encoding', 'gzip')
      .setHeader('Vary', twin ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
  }
  response.writeHead(status);
  if (request.method === 'HEAD' || !existsSync(served)) response.end();
  else if (gzip) createReadStream(served).pipe(createGzip()).pipe(response);
  else createReadStream(served).pipe(response);
});

server.listen(port, '127.0.0.1', () =>
  console.log(`Serving ${dir} on http://127.0.0.1:${port} with ${rules.length} _headers rules`),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
