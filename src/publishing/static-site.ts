/**
 * What `npm run preview` (static-server.ts) answers, as a static host would: a built site's files with its
 * `_headers` applied, text gzipped, /path redirected to /path/ where that is a folder, 404.html for what is not
 * there. A request it cannot read (a malformed percent-encoding such as `/%E0%A4%A`) is a 400, and the server keeps
 * serving. Redirects are relative to the site: the Host header a client sends is never written back (Location), and
 * a path that starts with `//` is not sent on as a URL of another host.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';

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

/** The request's path, decoded; undefined when it is not valid percent-encoding. */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/** The request handler for the built site in `dir`, with `_headers` rules already parsed. */
export function staticSite(
  dir: string,
  rules: readonly { pattern: string; headers: [string, string][] }[],
): (request: IncomingMessage, response: ServerResponse) => void {
  const root = path.resolve(dir);

  /** The file a decoded path names inside the site (itself, its index.html, or itself plus .html). */
  const fileFor = (decoded: string): string | undefined => {
    const full = path.join(root, path.normalize(`/${decoded}`));
    if (full !== root && !full.startsWith(`${root}${path.sep}`)) return undefined;
    for (const candidate of [full, path.join(full, 'index.html'), `${full}.html`]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };

  const fail = (response: ServerResponse, status: number, text: string) => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
  };

  const serve = (request: IncomingMessage, response: ServerResponse) => {
    // The path only: an absolute-form request (`GET http://other.example/x`) names no host of ours, and `//host/x`
    // (which a browser would read in a Location as another host's address) is the path /host/x here.
    const target = request.url ?? '/';
    const { pathname: raw } = new URL(
      target.startsWith('/') ? `/${target.replace(/^\/+/, '')}` : target,
      'http://preview.invalid',
    );
    const pathname = raw.replace(/^\/+/, '/');
    const decoded = decodedPath(pathname);
    if (decoded === undefined || decoded.includes('\0')) {
      fail(response, 400, 'Bad request: the path is not valid percent-encoding.');
      return;
    }
    if (pathname !== '/' && !path.extname(decoded) && !pathname.endsWith('/') && fileFor(`${decoded}/`)) {
      response.writeHead(301, { Location: `${pathname}/` }).end();
      return;
    }
    const page = fileFor(decoded);
    // A page asked for as Markdown is answered with its twin, where it has one: its URL plus `.md`, the home page's
    // `/index.md` (home/home-outline.ts).
    const twin = page?.endsWith('index.html')
      ? fileFor(pathname === '/' ? '/index.md' : `${decoded.replace(/\/$/, '')}.md`)
      : undefined;
    if (twin) response.setHeader('Vary', 'Accept');
    const file = twin && prefersMarkdown(String(request.headers.accept ?? '')) ? twin : page;
    const status = file ? 200 : 404;
    const served = file ?? path.join(root, '404.html');
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
    // pipeline: a file that goes away mid-answer ends this answer, not the server.
    else if (gzip) pipeline(createReadStream(served), createGzip(), response, () => {});
    else pipeline(createReadStream(served), response, () => {});
  };

  return (request, response) => {
    try {
      serve(request, response);
    } catch {
      fail(response, 500, 'The preview server could not answer this request.');
    }
  };
}
