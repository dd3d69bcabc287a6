/** Small helpers for tests and benchmarks that start servers on 127.0.0.1. */
import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that is free right now: any, or one of TEST_PORTS (`5100-5199`) when a machine shares its
 * ports out between several runs.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORTS ?? '');
  if (!range) return probePort(0);
  const [low, high] = [Number(range[1]), Number(range[2])];
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    const free = await probePort(port).catch(() => undefined);
    if (free !== undefined) return free;
  }
  throw new Error(`No free port in TEST_PORTS ${low}-${high}.`);
}

function probePort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once `url` answers with a 2xx status; rejects after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
