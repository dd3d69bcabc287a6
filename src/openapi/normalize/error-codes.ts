/** The error catalog (`x-error-codes`), which operations can return each code, and examples checked against it. */
import { type ErrorCodeEntry, readErrorCodes } from '../extensions/x-error-codes.ts';
import { escapeSegment, isRecord } from '../json-pointer.ts';
import { type ApiErrorCode, type ApiOperation, type ApiResponse, sentByApi } from '../model.ts';
import { statusCovers } from '../response-status.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { Reading } from './context.ts';

export function readErrorCatalog(reading: Reading, operations: readonly ApiOperation[]): ApiErrorCode[] {
  const schemas = (reading.document.components?.schemas ?? {}) as Record<string, unknown>;
  const catalog = reading.take(readErrorCodes(schemas));
  // A webhook's or callback's responses are what the reader's server answers, not errors of the API.
  const served = operations.filter((o) => !sentByApi(o));
  if (catalog.length > 0) reading.problems.push(...checkExampleCodes(served, catalog));
  return catalog.map(({ scope, ...entry }) => ({
    ...entry,
    global: scope === 'global',
    operations:
      scope === 'global' ? [] : served.filter((o) => canReturn(o, entry.code, entry.status)).map((o) => o.operationId),
  }));
}

/** The error codes a response's examples name (`{code: …}` bodies). */
function exampleCodes(response: ApiResponse): string[] {
  return response.content.flatMap((media) =>
    media.examples.flatMap((example) =>
      isRecord(example.value) && typeof example.value.code === 'string' ? [example.value.code] : [],
    ),
  );
}

/**
 * Whether an operation can return an error code: a response documents its
 * status (or, failing any, a `default` response does), and when that
 * response's examples name codes, this code is among them.
 */
function canReturn(operation: ApiOperation, code: string, status: number): boolean {
  const specific = operation.responses.filter((r) => statusCovers(r.status, status));
  const candidates = specific.length > 0 ? specific : operation.responses.filter((r) => r.status === 'default');
  return candidates.some((r) => {
    const named = exampleCodes(r);
    return named.length === 0 || named.includes(code);
  });
}

/** Example error bodies must use catalog codes with the catalog's status, under a response of that status. */
function checkExampleCodes(operations: readonly ApiOperation[], catalog: readonly ErrorCodeEntry[]): SpecProblem[] {
  const statusOf = new Map(catalog.map((e) => [e.code, e.status]));
  const problems = new Map<string, SpecProblem>();
  for (const operation of operations) {
    for (const response of operation.responses) {
      for (const code of exampleCodes(response)) {
        const status = statusOf.get(code);
        const fits = status !== undefined && (response.status === 'default' || statusCovers(response.status, status));
        if (fits) continue;
        const message =
          status === undefined
            ? `An example error uses the code "${code}", which the error catalog (x-error-codes) does not list.`
            : `An example error uses the code "${code}" under a ${response.status} response, but the catalog gives it status ${status}.`;
        problems.set(message, {
          severity: 'warning',
          pointer: `${operation.pointer}/responses/${escapeSegment(response.status)}`,
          message,
          hint: 'Keep examples, responses and the catalog in agreement: readers copy examples.',
        });
      }
    }
  }
  return [...problems.values()];
}
