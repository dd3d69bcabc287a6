/**
 * The child half of `npm run bench:directory`: reads description paths, one per line, from stdin, checks each the
 * way the build does (loadApiModel, not strict), and prints one JSON line per description. A separate process so
 * that a description which exhausts memory or the stack costs one entry, not the whole run.
 */
import { createInterface } from 'node:readline';
import { loadApiModel } from '../../src/openapi/index.ts';
import { defaultParseLimits } from '../../src/openapi/parse-source.ts';
import { SpecError } from '../../src/openapi/spec-problem.ts';

/** What the parent records for one description. */
export interface DirectoryVerdict {
  file: string;
  ms: number;
  outcome: 'accepted' | 'refused' | 'failed';
  operations?: number;
  schemas?: number;
  warnings?: string[];
  /** Refused: the error messages; failed: the exception, which is a bug in the portal. */
  errors?: string[];
}

const lines = createInterface({ input: process.stdin });
for await (const file of lines) {
  if (!file) continue;
  const started = performance.now();
  let verdict: DirectoryVerdict;
  try {
    const model = await loadApiModel(file, defaultParseLimits, { strict: false });
    verdict = {
      file,
      ms: 0,
      outcome: 'accepted',
      operations: model.operations.length,
      schemas: model.schemas.length,
      warnings: model.warnings.map((w) => w.message),
    };
  } catch (error) {
    verdict =
      error instanceof SpecError
        ? {
            file,
            ms: 0,
            outcome: 'refused',
            errors: error.problems.filter((p) => p.severity === 'error').map((p) => p.message),
          }
        : {
            file,
            ms: 0,
            outcome: 'failed',
            errors: [
              String((error as Error)?.stack ?? error)
                .split('\n')
                .slice(0, 3)
                .join(' | '),
            ],
          };
  }
  verdict.ms = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify(verdict)}\n`);
}
