/**
 * Serves a built site on 127.0.0.1 the way a static host would, applying its
 * `_headers` file: `npm run preview` shows a docs team what it will publish
 * (the CSP, HSTS and the rest), and a Content-Security-Policy the site breaks
 * fails the browser tests. Like every static host, it compresses text (gzip,
 * when the browser accepts it), so what the benchmarks time is what a reader
 * downloads. `--no-headers` serves without them, as a host that ignores
 * `_headers` does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { readCommandLine } from '../command-line.ts';
import { parseHeadersFile } from './host-files.ts';
import { staticSite } from './static-site.ts';

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

const server = createServer(staticSite(dir, rules));

server.listen(port, '127.0.0.1', () =>
  console.log(`Serving ${dir} on http://127.0.0.1:${port} with ${rules.length} _headers rules`),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => server.close(() => process.exit(0)));
