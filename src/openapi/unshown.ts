/**
 * What a description says that the pages do not show, reported rather than dropped silently: one warning per kind,
 * at the first place it occurs (formatProblems turns the pointer into file:line), with how many places in all.
 * dialect.ts notes the JSON Schema keywords of 3.1 and 3.2; `findUnshownStructures` the objects of any version.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import { pathItemMethods } from './model.ts';
import type { SpecProblem } from './spec-problem.ts';

/** Collects notes of what is not shown, counting repeats of a kind. */
export class UnshownReport {
  readonly #kinds = new Map<string, { pointer: string; count: number; what: string }>();

  /** `what` completes "… is not shown on the pages": a noun phrase, in Markdown. */
  note(kind: string, pointer: string, what: string): void {
    const seen = this.#kinds.get(kind);
    if (seen) seen.count++;
    else this.#kinds.set(kind, { pointer, count: 1, what });
  }

  problems(): SpecProblem[] {
    return [...this.#kinds.values()].map(({ pointer, count, what }) => ({
      severity: 'warning',
      pointer,
      message:
        count === 1
          ? `${what} is not shown on the pages.`
          : `${what} is not shown on the pages (${count} places; this is the first).`,
    }));
  }
}

type Json = Record<string, unknown>;

/**
 * Objects the model does not represent: callbacks, response links and multipart encodings. `document` is in the model's dialect (3.0's), `$ref`s not followed: each
 * object is counted where it is written.
 */
export function findUnshownStructures(document: Json, report: UnshownReport): void {
  const media = (content: unknown, pointer: string) => {
    if (!isRecord(content)) return;
    for (const [type, value] of Object.entries(content)) {
      if (isRecord(value) && isRecord(value.encoding) && Object.keys(value.encoding).length > 0) {
        report.note(
          'encoding',
          `${pointer}/${escapeSegment(type)}/encoding`,
          'A media type’s `encoding` (how each part of a multipart or form body is sent)',
        );
      }
    }
  };
  const response = (value: unknown, pointer: string) => {
    if (!isRecord(value)) return;
    if (isRecord(value.links) && Object.keys(value.links).length > 0) {
      report.note('links', `${pointer}/links`, 'A response’s `links` (operations its values lead to)');
    }
    media(value.content, `${pointer}/content`);
  };
  const operation = (value: unknown, pointer: string) => {
    if (!isRecord(value)) return;
    if (isRecord(value.callbacks) && Object.keys(value.callbacks).length > 0) {
      report.note(
        'callbacks',
        `${pointer}/callbacks`,
        'An operation’s `callbacks` (requests the API makes back to the caller)',
      );
    }
    if (isRecord(value.requestBody)) media(value.requestBody.content, `${pointer}/requestBody/content`);
    if (isRecord(value.responses)) {
      for (const [status, r] of Object.entries(value.responses))
        response(r, `${pointer}/responses/${escapeSegment(status)}`);
    }
  };
  const pathItem = (value: unknown, pointer: string) => {
    if (!isRecord(value)) return;
    for (const method of pathItemMethods) if (method in value) operation(value[method], `${pointer}/${method}`);
    if (isRecord(value.additionalOperations)) {
      for (const [method, op] of Object.entries(value.additionalOperations)) {
        operation(op, `${pointer}/additionalOperations/${escapeSegment(method)}`);
      }
    }
  };
  const each = (map: unknown, pointer: string, read: (value: unknown, pointer: string) => void) => {
    if (isRecord(map)) for (const [key, value] of Object.entries(map)) read(value, `${pointer}/${escapeSegment(key)}`);
  };

  each(document.paths, '/paths', pathItem);
  each(document.webhooks, '/webhooks', pathItem);
  const components = isRecord(document.components) ? document.components : {};
  each(components.pathItems, '/components/pathItems', pathItem);
  each(components.responses, '/components/responses', response);
  each(components.requestBodies, '/components/requestBodies', (body, pointer) => {
    if (isRecord(body)) media(body.content, `${pointer}/content`);
  });
  each(components.callbacks, '/components/callbacks', (_, pointer) =>
    report.note('callbacks', pointer, 'An operation’s `callbacks` (requests the API makes back to the caller)'),
  );
}
