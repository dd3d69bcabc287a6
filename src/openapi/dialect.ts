/**
 * OpenAPI 3.1 and 3.2 write some things differently from 3.0; this settles the differences once, on load, so
 * the model, the pages, the samples and the sandbox read one dialect (3.0's) whichever version came in:
 *
 * - schemas: each one, wherever it is written (components, parameters, headers, bodies, responses, path items,
 *   webhooks, callbacks), is settled by `settleSchema` (normalize/schema.ts);
 * - other references (parameters, headers, bodies, responses, examples): a `summary` or `description` beside a
 *   `$ref` overrides the target's, as 3.1 says.
 *
 * What the portal does not show yet is reported, not dropped silently: one warning per kind, with a count
 * and the first place it occurs (the encodings of streamed items, schema keywords with no 3.0 counterpart). A 3.0 description comes back as it is.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import { pathItemMethods } from './model.ts';
import { settleSchema } from './normalize/schema.ts';
import { followChain } from './refs.ts';
import type { SpecProblem } from './spec-problem.ts';
import { UnshownReport } from './unshown.ts';

type Json = Record<string, unknown>;

const methods = new Set(pathItemMethods);

export function toModelDialect(document: Json): { document: Json; problems: SpecProblem[] } {
  if (typeof document.openapi === 'string' && document.openapi.startsWith('3.0.')) {
    return { document, problems: [] };
  }
  const unshown = new UnshownReport();

  const schema = (value: unknown, pointer: string): unknown => settleSchema(value, pointer, unshown);

  /** A non-schema object that may be a Reference Object with a summary or description of its own. */
  const reference = <T>(value: T, read: (resolved: Json) => Json): T | Json => {
    if (!isRecord(value)) return value;
    if (typeof value.$ref === 'string' && ('summary' in value || 'description' in value)) {
      const end = followChain(document, value.$ref);
      if (end.kind === 'found' && isRecord(end.value)) {
        const { $ref: _ref, ...overrides } = value;
        return { ...read(end.value), ...overrides };
      }
    }
    return typeof value.$ref === 'string' ? value : read(value);
  };
  const mapOf = (value: unknown, each: (item: unknown, pointer: string) => unknown, pointer: string) =>
    isRecord(value)
      ? Object.fromEntries(
          Object.entries(value).map(([name, item]) => [name, each(item, `${pointer}/${escapeSegment(name)}`)]),
        )
      : value;

  const mediaType = (value: unknown, pointer: string): unknown => {
    if (!isRecord(value)) return value;
    for (const streamed of ['itemEncoding', 'prefixEncoding']) {
      if (streamed in value) {
        unshown.note(
          `media ${streamed}`,
          `${pointer}/${streamed}`,
          `\`${streamed}\` (how the items of a stream are encoded)`,
        );
      }
    }
    const out: Json = { ...value, schema: schema(value.schema, `${pointer}/schema`) };
    if ('examples' in value) out.examples = examples(value.examples, `${pointer}/examples`);
    if ('itemSchema' in value) out.itemSchema = schema(value.itemSchema, `${pointer}/itemSchema`);
    return out;
  };
  const content = (value: unknown, pointer: string) => mapOf(value, mediaType, pointer);
  // An example's `summary` and `description` beside its `$ref` are this use's caption.
  const examples = (value: unknown, pointer: string) => mapOf(value, (e) => reference(e, (x) => x), pointer);
  const withSchemaAndContent = (item: Json, pointer: string): Json => ({
    ...item,
    ...('schema' in item ? { schema: schema(item.schema, `${pointer}/schema`) } : {}),
    ...('content' in item ? { content: content(item.content, `${pointer}/content`) } : {}),
    ...('examples' in item ? { examples: examples(item.examples, `${pointer}/examples`) } : {}),
  });
  const parameter = (value: unknown, pointer: string) => reference(value, (p) => withSchemaAndContent(p, pointer));
  const header = parameter;
  const requestBody = (value: unknown, pointer: string) =>
    reference(value, (b) => ({ ...b, content: content(b.content, `${pointer}/content`) }));
  const response = (value: unknown, pointer: string) =>
    reference(value, (r) => ({
      ...r,
      ...('headers' in r ? { headers: mapOf(r.headers, header, `${pointer}/headers`) } : {}),
      ...('content' in r ? { content: content(r.content, `${pointer}/content`) } : {}),
    }));
  const operation = (value: unknown, pointer: string): unknown => {
    if (!isRecord(value)) return value;
    const out: Json = { ...value };
    if (Array.isArray(out.parameters))
      out.parameters = out.parameters.map((p, i) => parameter(p, `${pointer}/parameters/${i}`));
    if ('requestBody' in out) out.requestBody = requestBody(out.requestBody, `${pointer}/requestBody`);
    if ('responses' in out) out.responses = mapOf(out.responses, response, `${pointer}/responses`);
    if ('callbacks' in out) {
      out.callbacks = mapOf(out.callbacks, (callback, at) => mapOf(callback, pathItem, at), `${pointer}/callbacks`);
    }
    return out;
  };
  const pathItem = (value: unknown, pointer: string): unknown => {
    if (!isRecord(value) || typeof value.$ref === 'string') return value;
    const out: Json = { ...value };
    for (const [key, item] of Object.entries(value)) {
      if (methods.has(key)) out[key] = operation(item, `${pointer}/${key}`);
    }
    if (Array.isArray(out.parameters))
      out.parameters = out.parameters.map((p, i) => parameter(p, `${pointer}/parameters/${i}`));
    if (isRecord(value.additionalOperations)) {
      out.additionalOperations = mapOf(value.additionalOperations, operation, `${pointer}/additionalOperations`);
    }
    return out;
  };

  const out: Json = { ...document };
  out.paths = mapOf(document.paths, pathItem, '/paths');
  if (isRecord(document.webhooks)) {
    out.webhooks = mapOf(document.webhooks, pathItem, '/webhooks');
  }
  if (isRecord(document.components)) {
    const c = document.components;
    out.components = {
      ...c,
      ...('schemas' in c ? { schemas: mapOf(c.schemas, schema, '/components/schemas') } : {}),
      ...('parameters' in c ? { parameters: mapOf(c.parameters, parameter, '/components/parameters') } : {}),
      ...('headers' in c ? { headers: mapOf(c.headers, header, '/components/headers') } : {}),
      ...('requestBodies' in c
        ? { requestBodies: mapOf(c.requestBodies, requestBody, '/components/requestBodies') }
        : {}),
      ...('responses' in c ? { responses: mapOf(c.responses, response, '/components/responses') } : {}),
      ...('pathItems' in c ? { pathItems: mapOf(c.pathItems, pathItem, '/components/pathItems') } : {}),
      ...('callbacks' in c
        ? { callbacks: mapOf(c.callbacks, (callback, at) => mapOf(callback, pathItem, at), '/components/callbacks') }
        : {}),
    };
  }
  return { document: out, problems: unshown.problems() };
}
