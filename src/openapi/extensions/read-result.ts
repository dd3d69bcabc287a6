import type { SpecProblem } from '../spec-problem.ts';

/** What reading an extension gives: its value (absent when unusable) and anything wrong with it. */
export interface ExtensionRead<T> {
  value: T;
  problems: SpecProblem[];
}
