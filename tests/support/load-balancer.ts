/**
 * The hosted sandbox's load balancer as it ships (src/sandbox/deploy/haproxy.cfg), run by Debian's `haproxy` on a
 * free port of 127.0.0.1 in front of the given sandboxes. `.ci/run` installs it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { freePort, waitForHttp } from './local-net.ts';

const config = path.resolve(import.meta.dirname, '../../src/sandbox/deploy/haproxy.cfg');

export interface LoadBalancer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts HAProxy in front of two sandboxes (`host:port` each) and resolves once it answers. `env` sets the
 * configuration's other variables: the origins the sandboxes allow (SITE_URL, SANDBOX_ALLOWED_ORIGINS).
 */
export async function startLoadBalancer(
  sandboxes: [string, string],
  env: Record<string, string> = {},
): Promise<LoadBalancer> {
  if (spawnSync('sh', ['-c', 'command -v haproxy']).status !== 0) {
    throw new Error('No haproxy for the load-balancer tests. On Debian or Ubuntu: apt-get install -y haproxy.');
  }
  const port = await freePort();
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', config], {
    env: { ...process.env, ...env, LB_BIND: `127.0.0.1:${port}`, SANDBOX_1: sandboxes[0], SANDBOX_2: sandboxes[1] },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/sandbox/health`, 15_000);
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
