/**
 * `npm run spec:lint [-- file]`: Redocly's linter (its recommended rules) on the description the build reads —
 * PETSTORE_SPEC, else spec/openapi.yaml — so that another team's description is the one linted, not the Pet Store's.
 * Redocly's own output and exit code are passed on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readCommandLine } from '../command-line.ts';
import { resolveSpecPath } from './load-spec.ts';

const usage = `Usage: npm run spec:lint [-- [file]]

Lints an OpenAPI description with Redocly's recommended rules (default: PETSTORE_SPEC, else spec/openapi.yaml).
Servers at example.com are allowed: sample descriptions use them.

  -h, --help  print this and exit`;

const commandLine = readCommandLine(process.argv.slice(2), {
  name: 'spec:lint',
  usage,
  options: {},
  maxPositionals: 1,
});
if (!commandLine.ok) {
  (commandLine.exitCode === 0 ? console.log : console.error)(commandLine.message);
  process.exit(commandLine.exitCode);
}
const argument = commandLine.args.positionals[0];
const file = argument ? path.resolve(argument) : resolveSpecPath(process.cwd());
if (!existsSync(file)) {
  console.error(`spec:lint: ${path.relative(process.cwd(), file) || file}: no such file.`);
  process.exit(1);
}
const redocly = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');
const linted = spawnSync(redocly, ['lint', file, '--skip-rule', 'no-server-example.com'], {
  stdio: 'inherit',
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
process.exit(linted.status ?? 1);
