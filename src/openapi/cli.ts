/**
 * `npm run spec:check [file]`: checks a description the way the build does and
 * prints every problem. Exit code 0 when usable (warnings allowed), 1 when not.
 */
import path from 'node:path';
import { loadApiModel, resolveSpecPath } from './load-spec.ts';
import { formatProblems, SpecError } from './spec-problem.ts';

const argument = process.argv[2];
const file = argument ? path.resolve(argument) : resolveSpecPath(process.cwd());
const shown = path.relative(process.cwd(), file) || file;

try {
  const model = await loadApiModel(file);
  if (model.warnings.length > 0) console.warn(`${formatProblems(shown, model.warnings, 'check')}\n`);
  const badges = model.operations.filter((o) => o.badge).length;
  console.log(
    `✔ ${shown}: ${model.info.title} ${model.info.version} (OpenAPI ${model.openapi}) — ` +
      `${model.operations.length} operations in ${model.tags.length} tags and ${model.tagGroups.length} groups, ` +
      `${model.schemas.length} schemas, ${model.errorCodes.length} error codes, ${badges} operations with badges.`,
  );
} catch (error) {
  if (!(error instanceof SpecError)) throw error;
  console.error(formatProblems(shown, error.problems, 'check'));
  process.exitCode = 1;
}
