/** Stoplight Prism's validation proxy as a process: reads only `description` and stands in front of `upstreamUrl`. */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const prismCli = path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js');

/** Resolves once Prism listens on 127.0.0.1:`port` (`--errors`: a violation is its own 500 answer). */
export function startPrism(description: string, upstreamUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [prismCli, 'proxy', description, upstreamUrl, '--errors', '-h', '127.0.0.1', '-p', String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve(child);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) => reject(new Error(`Prism exited with ${code}: ${output}`)));
  });
}
