/**
 * The breaking-change gate: a breaking change needs a new major version. The one exception is taking away an
 * operation that was deprecated with a sunset date that has passed: its readers were told, and given the date.
 */
import semver from 'semver';
import { getAtPointer, isRecord, readDeprecation, type SpecProblem } from '../openapi/index.ts';
import type { ApiChange } from './api-changes.ts';

export interface GateInput {
  changes: readonly ApiChange[];
  /** The earlier description (parsed), to read what a removed operation said about its sunset. */
  before: Record<string, unknown>;
  baseVersion: string;
  headVersion: string;
  /** The day the gate judges sunsets by (`YYYY-MM-DD`). */
  today: string;
}

export interface GateVerdict {
  /** Breaking changes the versions do not allow; empty when the gate passes. */
  refused: ApiChange[];
  /** Breaking changes allowed: by a major bump, or a removal after its sunset. */
  allowed: { change: ApiChange; because: string }[];
}

export function judgeBreakingChanges(input: GateInput): GateVerdict {
  const majorBump = isMajorBump(input.baseVersion, input.headVersion);
  const verdict: GateVerdict = { refused: [], allowed: [] };
  for (const change of input.changes) {
    if (change.class !== 'breaking') continue;
    const sunset = change.subject === 'operation' && change.action === 'remove' ? pastSunset(input, change) : undefined;
    if (sunset) verdict.allowed.push({ change, because: `deprecated, with its sunset on ${sunset} passed` });
    else if (majorBump)
      verdict.allowed.push({ change, because: `major version ${input.baseVersion} → ${input.headVersion}` });
    else verdict.refused.push(change);
  }
  return verdict;
}

/** Whether `head` is a later major version than `base` (both semver; an unreadable one is no bump). */
export function isMajorBump(base: string, head: string): boolean {
  const a = semver.valid(base);
  const b = semver.valid(head);
  return a !== null && b !== null && semver.major(b) > semver.major(a);
}

/** The sunset date of a removed operation, when it was deprecated and the date is before `today`. */
function pastSunset(input: GateInput, change: ApiChange): string | undefined {
  // A removed operation's pointer is where it was in the earlier description; its deprecation is read as the model
  // reads it (`deprecated: true` or `x-scalar-stability: deprecated`, with its `x-sunset`).
  const at = getAtPointer(input.before, change.pointer);
  const operation = at.found ? at.value : undefined;
  const day = isRecord(operation) ? readDeprecation(operation, change.pointer).value?.sunset : undefined;
  return day !== undefined && day < input.today ? day : undefined;
}

/** The refused changes as problems (errors), each at its place, with what to do. */
export function gateProblems(verdict: GateVerdict, baseVersion: string, headVersion: string): SpecProblem[] {
  const next = semver.valid(baseVersion) ? `${semver.major(baseVersion) + 1}.0.0` : 'the next major version';
  return verdict.refused.map((change) => ({
    severity: 'error',
    pointer: change.pointer,
    message: `Breaking: ${change.summary}${change.operation ? ` (${change.operation.method} ${change.operation.path})` : ''}, but the version goes from ${baseVersion} to ${headVersion}, not to a new major version.`,
    hint:
      change.subject === 'operation' && change.action === 'remove'
        ? `Bump info.version to ${next}, or deprecate it first (\`deprecated: true\` with an \`x-sunset\` date) and remove it after that date.`
        : `Bump info.version to ${next}, or keep the old behaviour beside the new (a new optional field, a new operation) and deprecate the old.`,
  }));
}
