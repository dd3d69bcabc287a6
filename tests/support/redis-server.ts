/**
 * A real Redis server (Debian's `redis-server`; Valkey's `valkey-server` works too) on a free port of 127.0.0.1,
 * with nothing saved to disk, for tests of the sandbox's Redis store. `.ci/run` installs it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './local-net.ts';

const servers = ['redis-server', 'valkey-server'];

/** The server program on this machine, or a one-line error saying how to get one. */
function serverProgram(): string {
  const found = servers.find((name) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0);
  if (!found)
    throw new Error('No redis-server for the Redis store tests. On Debian or Ubuntu: apt-get install -y redis-server.');
  return found;
}

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops it at once (SIGKILL): what a crash looks like to its clients. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Past its maxmemory (none unless set) it never evicts (`noeviction`, as the hosted sandbox's Valkey is set: an
 * evicting store dropped live keys, data and bans to make room for new keys) but refuses writes.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const program = serverProgram();
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn(
        program,
        [
          ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          ...['--maxmemory-policy', 'noeviction'],
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child = started;
      let output = '';
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`${program} exited with ${code}: ${output}`)));
    });
  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill: () => end('SIGKILL'),
    restart: start,
    stop: () => end('SIGTERM'),
  };
}
