/** Runs the project's programs (astro, redocly, the CLIs) as real processes from unit tests. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');
export const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
/** What `npm run build` runs (a shell script): `astro build`, then the search index. */
export const buildSite = path.join(root, 'src/build/build-site.sh');

/**
 * The environment without what Vitest sets for its own Vite (BASE_URL, MODE…), which would leak into a build, nor
 * VITEST*: under VITEST, `astro dev` leaves out its page-serving middleware and answers every page "Cannot GET". Nor
 * NODE_ENV, which Vitest sets to `test`: Vite then takes a build for a development one (`import.meta.env.DEV`).
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const { BASE_URL: _base, MODE: _mode, DEV: _dev, PROD: _prod, SSR: _ssr, NODE_ENV: _nodeEnv, ...rest } = process.env;
  return Object.fromEntries(Object.entries(rest).filter(([name]) => !name.startsWith('VITEST')));
}

/** The environment the project's programs run in: no Vitest leftovers, no telemetry, plus `env`. */
export function programEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...cleanEnv(),
    ASTRO_TELEMETRY_DISABLED: '1',
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    ...env,
  };
}

/** Runs a Node program (a `.js`/`.ts` file or an npm bin), or a shell script (`.sh`) with sh. */
export function run(command: string, args: string[], env: Record<string, string> = {}) {
  const [program, programArgs] = command.endsWith('.sh')
    ? ['sh', [command, ...args]]
    : [process.execPath, [command, ...args]];
  const result = spawnSync(program, programArgs, {
    cwd: root,
    encoding: 'utf8',
    env: programEnv(env),
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
