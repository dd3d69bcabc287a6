/**
 * Starts `src/sandbox/main.ts` as a real process on a free port and resolves
 * once it listens — for tests and benchmarks that need the sandbox over HTTP.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface SandboxProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  /** Everything it has printed so far, stdout and stderr. */
  output(): string;
}

export function startSandboxProcess(env: Record<string, string> = {}, args: string[] = []): Promise<SandboxProcess> {
  const child = spawn(process.execPath, ['src/sandbox/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, baseUrl: `http://127.0.0.1:${port}`, output: () => output });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}: ${output}`)));
  });
}
