/**
 * What a description says that the pages do not show, reported rather than dropped silently: one warning per kind,
 * at the first place it occurs (formatProblems turns the pointer into file:line), with how many places in all.
 * normalize/schema.ts notes the JSON Schema keywords of 3.1 and 3.2; `findUnshownStructures` the objects of any version.
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
 * Objects the model does not represent: multipart encodings, a callback's own callbacks (an
 * operation's callbacks are shown, and their insides walked like any operation's) and examples kept at a URL. `document` is in the model's
 * dialect (3.0's), `$ref`s not followed: each object is counted where it is written.
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
    media(value.content, `${pointer}/content`);
  };
  const operation = (value: unknown, pointer: string, inCallback: boolean) => {
    if (!isRecord(value)) return;
    // A callback's operations are shown (each its own page), but not callbacks of those in turn.
    if (isRecord(value.callbacks)) {
      for (const [name, callback] of Object.entries(value.callbacks)) {
        const at = `${pointer}/callbacks/${escapeSegment(name)}`;
        if (inCallback) report.note('nested callbacks', at, 'A callback’s own `callbacks`');
        else if (isRecord(callback)) each(callback, at, (item, p) => pathItem(item, p, true));
      }
    }
    if (isRecord(value.requestBody)) media(value.requestBody.content, `${pointer}/requestBody/content`);
    if (isRecord(value.responses)) {
      for (const [status, r] of Object.entries(value.responses))
        response(r, `${pointer}/responses/${escapeSegment(status)}`);
    }
  };
  const pathItem = (value: unknown, pointer: string, inCallback = false) => {
    if (!isRecord(value)) return;
    for (const method of pathItemMethods) {
      if (method in value) operation(value[method], `${pointer}/${method}`, inCallback);
    }
    if (isRecord(value.additionalOperations)) {
      for (const [method, op] of Object.entries(value.additionalOperations)) {
        operation(op, `${pointer}/additionalOperations/${escapeSegment(method)}`, inCallback);
      }
    }
  };
  const each = (map: unknown, pointer: string, read: (value: unknown, pointer: string) => void) => {
    if (isRecord(map)) for (const [key, value] of Object.entries(map)) read(value, `${pointer}/${escapeSegment(key)}`);
  };

  each(document.paths, '/paths', (item, pointer) => pathItem(item, pointer));
  each(document.webhooks, '/webhooks', (item, pointer) => pathItem(item, pointer));
  const components = isRecord(document.components) ? document.components : {};
  each(components.pathItems, '/components/pathItems', (item, pointer) => pathItem(item, pointer));
  each(components.responses, '/components/responses', response);
  each(components.requestBodies, '/components/requestBodies', (body, pointer) => {
    if (isRecord(body)) media(body.content, `${pointer}/content`);
  });
  each(components.callbacks, '/components/callbacks', (callback, pointer) =>
    each(callback, pointer, (item, p) => pathItem(item, p, true)),
  );
  findExternalExamples(document, '', report);
}

/**
 * Examples given only by `externalValue` (kept at a URL; in webhooks, operations, parameters, headers or
 * components): the pages show the values a description writes, and neither fetch nor link one kept elsewhere,
 * whatever its scheme. Example Objects are the entries of an `examples` mapping (a schema's `examples` is a list).
 */
function findExternalExamples(value: unknown, pointer: string, report: UnshownReport): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) findExternalExamples(item, `${pointer}/${i}`, report);
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    const at = `${pointer}/${escapeSegment(key)}`;
    if (key === 'examples' && isRecord(inner)) {
      for (const [name, example] of Object.entries(inner)) {
        const url = isRecord(example) ? example.externalValue : undefined;
        if (typeof url === 'string' && isRecord(example) && !Object.hasOwn(example, 'value')) {
          report.note(
            'external examples',
            `${at}/${escapeSegment(name)}/externalValue`,
            `An example given only by its URL (\`externalValue\` "${url}")`,
          );
        }
      }
    }
    findExternalExamples(inner, at, report);
  }
}
