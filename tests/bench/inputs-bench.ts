/**
 * `npm run bench:inputs`: what reading a description as it is written costs (issue 32's goals). Builds, in
 * turns (BENCH_INPUT_ROUNDS rounds, default 3; medians), pairs of descriptions that make the same site:
 *
 * - a generated description of BENCH_INPUT_OPS operations (default 1,000, 0 to skip; generate-description.ts) split into a file
 *   per path item and per schema (tests/support/split-description.ts), against the same description in one file,
 *   as a docs team would bundle it by hand: goal, within 10 %;
 * - Swagger's Petstore as Swagger 2.0 (npm @readme/oas-examples) against its OpenAPI 3.0 conversion, written out:
 *   goal, within 10 %.
 *
 * A measurement, not a test: figures vary with the machine and its load.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { dump } from 'js-yaml';
import { parse } from 'yaml';
import { convertSwagger2 } from '../../src/openapi/swagger2.ts';
import { fetchNpmDescriptions, readmePetstoreSwagger2 } from '../support/npm-descriptions.ts';
import { splitDescription } from '../support/split-description.ts';
import { generateDescription } from './generate-description.ts';

const root = path.resolve(import.meta.dirname, '../..');
const buildSite = path.join(root, 'src/build/build-site.sh');
/** Operations in the multi-file case; 0 to skip it. */
const operations = Number(process.env.BENCH_INPUT_OPS ?? 1000) || 0;
const rounds = Math.max(1, Number(process.env.BENCH_INPUT_ROUNDS ?? 3) || 3);

interface Pair {
  label: string;
  /** The layout or format being judged. */
  subject: { label: string; spec: string };
  /** What it is judged against. */
  baseline: { label: string; spec: string };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pst-inputs-bench-'));
  const generated = generateDescription(Math.max(operations, 1));
  const oneFile = path.join(dir, 'one-file', 'openapi.yaml');
  await mkdir(path.dirname(oneFile), { recursive: true });
  await writeFile(oneFile, generated);
  const split = splitDescription(parse(generated) as Record<string, unknown>, path.join(dir, 'split'));

  const [swagger] = await fetchNpmDescriptions(dir, [readmePetstoreSwagger2]);
  if (!swagger) throw new Error('no Swagger 2.0 description');
  const converted = path.join(dir, 'converted', 'openapi.yaml');
  await mkdir(path.dirname(converted), { recursive: true });
  const original = JSON.parse(await readFile(swagger, 'utf8')) as Record<string, unknown>;
  await writeFile(converted, dump(convertSwagger2(original).document, { lineWidth: -1, noRefs: true }));

  const pairs: Pair[] = [
    ...(operations > 0
      ? [
          {
            label: `${operations.toLocaleString('en-US')} ops in files vs bundled by hand`,
            subject: { label: 'multi-file', spec: split },
            baseline: { label: 'one file', spec: oneFile },
          },
        ]
      : []),
    {
      label: 'Swagger 2.0 Petstore vs its 3.0 conversion',
      subject: { label: 'Swagger 2.0', spec: swagger },
      baseline: { label: 'OpenAPI 3.0', spec: converted },
    },
  ];
  console.log(`Inputs benchmark on ${os.cpus().length} CPUs, Node ${process.version}, ${rounds} rounds. Temp: ${dir}`);
  const verdicts: string[] = [];
  for (const pair of pairs) {
    const times = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [pair.subject, pair.baseline] : [pair.baseline, pair.subject];
      for (const side of order) {
        const seconds = await timedBuild(side.spec, path.join(dir, 'dist'));
        times.set(side.label, [...(times.get(side.label) ?? []), seconds]);
        console.log(`  ${pair.label}, round ${round + 1}, ${side.label}: ${seconds.toFixed(1)} s`);
      }
    }
    const subject = median(times.get(pair.subject.label) ?? []);
    const baseline = median(times.get(pair.baseline.label) ?? []);
    const ratio = subject / baseline;
    verdicts.push(
      `  ${pair.label}: ${ratio <= 1.1 ? '[met]    ' : '[NOT met]'} ${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} % ` +
        `(medians ${subject.toFixed(1)} s vs ${baseline.toFixed(1)} s; goal: within 10 %)`,
    );
  }
  console.log(`\nReading descriptions as written (issue 32)\n${verdicts.join('\n')}`);
  await rm(dir, { recursive: true, force: true });
}

/** Wall time of `npm run build` for `spec`, in seconds. */
async function timedBuild(spec: string, outDir: string): Promise<number> {
  await rm(outDir, { recursive: true, force: true });
  const started = performance.now();
  const log: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('sh', [buildSite, '--outDir', outDir], {
      cwd: root,
      env: { ...process.env, PETSTORE_SPEC: spec, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`the build of ${spec} exited with ${code}:\n${log.join('').slice(-3000)}`);
  return (performance.now() - started) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

await main();
