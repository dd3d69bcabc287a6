/** Small helpers for tests that feed description text to the checker. */

import type { ApiModel, SpecProblem } from '../../../src/openapi/index.ts';
import { checkSpecText } from '../../../src/openapi/load-spec.ts';

/** A valid, minimal 3.0 description; tests append to or replace parts of it. */
export const minimalSpec = `openapi: 3.0.3
info:
  title: Tiny
  version: 1.0.0
paths:
  /things:
    get:
      operationId: listThings
      tags: [Things]
      responses:
        '200':
          description: OK
`;

/** The problems a text produces; fails the test if the text is accepted. */
export async function problemsOf(text: string): Promise<SpecProblem[]> {
  const result = await checkSpecText(text);
  if (result.ok) throw new Error('expected the description to be refused, but it was accepted');
  return result.problems;
}

/** The model a text produces; fails the test (listing the problems) if it is refused. */
export async function modelOf(text: string): Promise<ApiModel> {
  const result = await checkSpecText(text);
  if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer}: ${p.message}`).join('\n'));
  return result.model;
}

/** The only error among the problems; fails if there is not exactly one. */
export function onlyError(problems: readonly SpecProblem[]): SpecProblem {
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length !== 1) {
    throw new Error(`expected one error, got ${errors.length}:\n${errors.map((e) => e.message).join('\n')}`);
  }
  return errors[0] as SpecProblem;
}

/**
 * Two schemas, for tests of how many fields a page shows: `Outer` (its own field and `inner`, an `Inner`) and
 * `Inner` with `innerFields` fields; indented to sit under `components.schemas`.
 */
export function outerAndInner(innerFields: number): string {
  const fields = Array.from({ length: innerFields }, (_, i) => `        f${i}: { type: string }`).join('\n');
  return `    Outer:
      type: object
      properties:
        own: { type: string }
        inner: { $ref: '#/components/schemas/Inner' }
    Inner:
      type: object
      properties:
${fields}
`;
}
