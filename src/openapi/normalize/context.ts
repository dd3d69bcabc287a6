/** What every reader of a spec object shares while the model is built: the document, `$ref` lookups and the problems found. */
import type { OpenAPIV3 } from 'openapi-types';
import type { ExtensionRead } from '../extensions/read-result.ts';
import { dereference } from '../refs.ts';
import type { SpecProblem } from '../spec-problem.ts';

export type Deref = <T extends object>(value: T | OpenAPIV3.ReferenceObject) => T;

export interface Reading {
  document: OpenAPIV3.Document;
  deref: Deref;
  problems: SpecProblem[];
  /** An extension's value; its problems join the others. */
  take<T>(read: ExtensionRead<T>): T;
}

export function startReading(document: OpenAPIV3.Document): Reading {
  const problems: SpecProblem[] = [];
  return {
    document,
    deref: (value) => dereference(document, value),
    problems,
    take(read) {
      problems.push(...read.problems);
      return read.value;
    },
  };
}

/** A `$ref` that resolves, but to something that is not the object its place needs. */
export function wrongKind(pointer: string, kind: string, needs: string): SpecProblem {
  return {
    severity: 'error',
    pointer,
    message: `This should be ${kind}, but it (or what its \`$ref\` leads to) has no ${needs}.`,
    hint: `Check that the \`$ref\` points at ${kind}, for example under components.`,
  };
}
