/**
 * `astro dev` as a developer runs it, on a free port of 127.0.0.1, with its terminal output kept for the test to
 * read. `--ignore-lock`: Astro allows one dev server per project otherwise, and a test must not take a developer's.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../../support/local-net.ts';
import { bin, programEnv, root } from './programs.ts';

export interface DevServer {
  /** `http://127.0.0.1:<port>`, as Astro announced it (it moves on when the port was taken meanwhile). */
  address: string;
  /** Everything it printed so far. */
  output: () => string;
  stop: () => void;
}

/**
 * The environment of `npm run dev`: without Vitest's NODE_ENV=test and TEST (under which Astro turns off HMR), nor
 * the variables by which Astro detects a coding agent and starts itself in the background.
 */
export function devEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const agentVariable =
    /^(AI_AGENT|CLAUDECODE|CLAUDE_CODE|CODEX_|CURSOR_AGENT|AUGMENT_AGENT|COPILOT_AGENT|GEMINI_CLI|REPL_ID)/;
  return Object.fromEntries(
    Object.entries(programEnv({ NO_COLOR: '1', ...extra })).filter(
      ([name]) => name !== 'NODE_ENV' && name !== 'TEST' && !agentVariable.test(name),
    ),
  );
}

/** Starts `astro dev` and resolves once it watches for changes. */
export async function startDevServer(env: Record<string, string> = {}, timeoutMs = 120_000): Promise<DevServer> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    process.execPath,
    [bin('astro'), 'dev', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'],
    { cwd: root, env: devEnv(env) },
  );
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = () => server.kill('SIGTERM');
  for (const deadline = Date.now() + timeoutMs; !/watching for file changes/.test(output); ) {
    if (Date.now() > deadline || server.exitCode !== null) {
      stop();
      throw new Error(`astro dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const address = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
  if (!address) {
    stop();
    throw new Error(`astro dev did not say where it listens:\n${output}`);
  }
  return { address, output: () => output, stop };
}

/** `npm run dev` (the site and, beside it, the sandbox following the description), and where each listens. */
export interface NpmDev extends DevServer {
  /** `http://localhost:<SANDBOX_PORT>`, as the dev console calls it. */
  sandbox: string;
}

/**
 * Starts `npm run dev -- --port <port>` with SANDBOX_PORT=<sandboxPort> (free ones unless given) in a process group
 * of its own, which `stop` ends whole (npm, concurrently, Astro and the sandbox); resolves once both are up.
 */
export async function startNpmDev(
  env: Record<string, string> = {},
  ports: { port?: number; sandboxPort?: number } = {},
  timeoutMs = 180_000,
): Promise<NpmDev> {
  const port = ports.port ?? (await freePort());
  const sandboxPort = ports.sandboxPort ?? (await freePort());
  const server = spawn('npm', ['run', 'dev', '--', '--host', '127.0.0.1', '--port', String(port), '--ignore-lock'], {
    cwd: root,
    env: devEnv({ ...env, SANDBOX_PORT: String(sandboxPort) }),
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const stop = () => {
    try {
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  for (
    const deadline = Date.now() + timeoutMs;
    !/watching for file changes/.test(output) || !/Following /.test(output);
  ) {
    if (Date.now() > deadline || server.exitCode !== null) {
      stop();
      throw new Error(`npm run dev did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const address = /Local\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1] ?? `http://127.0.0.1:${port}`;
  return { address, sandbox: `http://localhost:${sandboxPort}`, output: () => output, stop };
}
