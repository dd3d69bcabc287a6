/**
 * One error type for everything wrong with an API description. Each problem
 * says where (file:line:column and the JSON pointer), what, and how to fix it,
 * in words a docs writer understands.
 */
import { countOf } from './counts.ts';

/** Where in the description a problem sits. Line and column are 1-based. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** One thing wrong with (or worth a warning about) the description. */
export interface SpecProblem {
  severity: 'error' | 'warning';
  /** JSON pointer into the document, e.g. `/paths/~1pets/get/operationId`; "" is the root. */
  pointer: string;
  message: string;
  hint?: string;
  position?: SourcePosition;
  /** The file the problem is in, when it is not the description's root file (a multi-file description). */
  file?: string;
}

/** Thrown when a description cannot be turned into a model; carries every problem found. */
export class SpecError extends Error {
  readonly file: string;
  readonly problems: readonly SpecProblem[];

  constructor(file: string, problems: readonly SpecProblem[]) {
    super(formatProblems(file, problems));
    this.name = 'SpecError';
    this.file = file;
    this.problems = problems;
  }
}

/** `file:line:column` (or just the file when the position is unknown). */
export function formatLocation(file: string, position: SourcePosition | undefined): string {
  return position ? `${file}:${position.line}:${position.column}` : file;
}

/** One problem as a short block of text: location, pointer, message, hint. */
export function formatProblem(file: string, problem: SpecProblem): string {
  const where = formatLocation(problem.file ?? file, problem.position);
  const pointer = problem.pointer === '' ? '(document root)' : problem.pointer;
  const lines = [`${where}  ${problem.severity}  at ${pointer}`, `  ${problem.message}`];
  if (problem.hint) lines.push(`  Hint: ${problem.hint}`);
  return lines.join('\n');
}

/** Every problem, errors first, with a one-line summary on top. */
export function formatProblems(
  file: string,
  problems: readonly SpecProblem[],
  /**
   * What the problems stopped: a build ("nothing was built"); nothing, for a check that only reports; or, in
   * `astro dev`, the reload of an edited description (open tabs show the report; pages load from the last version that built).
   */
  context: 'build' | 'check' | 'dev' = 'build',
): string {
  const errors = problems.filter((p) => p.severity === 'error');
  const warnings = problems.filter((p) => p.severity === 'warning');
  const counts = [countOf(errors.length, 'error'), countOf(warnings.length, 'warning')]
    .filter((part) => !part.startsWith('0 '))
    .join(' and ');
  const stopped = {
    build: '; nothing was built',
    dev: '; open tabs show them over the page, and pages load from the last version that built, until a save fixes them',
  };
  const head =
    context === 'check'
      ? `Checked ${file}: ${counts}.`
      : `The API description ${file} has ${counts}${errors.length > 0 ? stopped[context] : ''}.`;
  return [head, ...[...errors, ...warnings].map((p) => formatProblem(file, p))].join('\n\n');
}
