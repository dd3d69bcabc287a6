/**
 * `npm run spec:check [-- [--strict] file]`: checks a description the way the build does and prints every
 * problem. Exit code 0 when usable (warnings allowed), 1 when not. `--strict` (or PETSTORE_STRICT=1) counts
 * warnings as errors, for a docs team's CI.
 */
import path from 'node:path';
import { operationCount } from './counts.ts';
import { loadApiModel, resolveSpecPath, strictFromEnv } from './load-spec.ts';
import { defaultParseLimits } from './parse-source.ts';
import { formatProblems, SpecError } from './spec-problem.ts';

const args = process.argv.slice(2);
const strict = args.includes('--strict') || strictFromEnv();
const argument = args.find((arg) => arg !== '--strict');
const file = argument ? path.resolve(argument) : resolveSpecPath(process.cwd());
const shown = path.relative(process.cwd(), file) || file;

try {
  const model = await loadApiModel(file, defaultParseLimits, { strict });
  if (model.warnings.length > 0) console.warn(`${formatProblems(shown, model.warnings, 'check')}\n`);
  const badges = model.operations.filter((o) => o.badge).length;
  console.log(
    `✔ ${shown}: ${model.info.title} ${model.info.version} (OpenAPI ${model.openapi}) — ` +
      `${operationCount(model)} in ${model.tags.length} tags and ${model.tagGroups.length} groups, ` +
      `${model.schemas.length} schemas, ${model.errorCodes.length} error codes, ${badges} operations with badges.`,
  );
} catch (error) {
  if (!(error instanceof SpecError)) throw error;
  console.error(formatProblems(shown, error.problems, 'check'));
  process.exitCode = 1;
}
