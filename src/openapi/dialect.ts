/**
 * OpenAPI 3.1 and 3.2 write some things differently from 3.0; this settles the differences once, on load, so
 * the model, the pages, the samples and the sandbox read one dialect (3.0's) whichever version came in:
 *
 * - schemas: `type: [T, "null"]` → `type: T` + `nullable`; several types → `anyOf`; `const` → a one-value
 *   `enum`; an `examples` array → its first value as `example`; numeric `exclusiveMinimum`/`exclusiveMaximum`
 *   → `minimum`/`maximum` with 3.0's boolean flag; a `$ref` with sibling keywords → `allOf: [{$ref}]` beside
 *   them (3.0 ignores a `$ref`'s siblings; 3.1 applies both); a boolean schema → `{}` (true) or `not: {}` (false);
 *   binary data said with `contentEncoding: base64` or a binary `contentMediaType` → `format: byte` / `binary`;
 * - other references: a `summary` or `description` beside a `$ref` overrides the target's, as 3.1 says.
 *
 * What the portal does not show yet is reported, not dropped silently: one warning per kind, with a count
 * and the first place it occurs (the encodings of streamed items, schema keywords with no 3.0 counterpart). A 3.0 description comes back as it is.
 */
import { escapeSegment, isRecord } from './json-pointer.ts';
import { pathItemMethods } from './model.ts';
import { followChain } from './refs.ts';
import type { SpecProblem } from './spec-problem.ts';
import { UnshownReport } from './unshown.ts';

type Json = Record<string, unknown>;

/** Schema keywords of JSON Schema 2020-12 with no counterpart in the model; their schemas are still shown. */
const unshownKeywords = [
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'patternProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  '$dynamicRef',
  '$dynamicAnchor',
  'contentSchema',
];

/**
 * Where a schema's sub-schemas are: keyword → a schema, a list of them, or a map of them. A Map, not an object
 * literal: one keyword is `then`, which would make the object thenable.
 */
const subSchemas: ReadonlyMap<string, 'one' | 'list' | 'map'> = new Map([
  ['items', 'one'],
  ['additionalProperties', 'one'],
  ['not', 'one'],
  ['contains', 'one'],
  ['propertyNames', 'one'],
  ['if', 'one'],
  ['then', 'one'],
  ['else', 'one'],
  ['unevaluatedItems', 'one'],
  ['unevaluatedProperties', 'one'],
  ['contentSchema', 'one'],
  ['allOf', 'list'],
  ['anyOf', 'list'],
  ['oneOf', 'list'],
  ['prefixItems', 'list'],
  ['properties', 'map'],
  ['patternProperties', 'map'],
  ['dependentSchemas', 'map'],
  ['$defs', 'map'],
]);

const methods = new Set(pathItemMethods);

export function toModelDialect(document: Json): { document: Json; problems: SpecProblem[] } {
  if (typeof document.openapi === 'string' && document.openapi.startsWith('3.0.')) {
    return { document, problems: [] };
  }
  const unshown = new UnshownReport();

  const schema = (value: unknown, pointer: string): unknown => {
    // 2020-12 lets a boolean stand for a schema: true allows any value, false none (3.0 only has it for
    // additionalProperties, which keeps it below).
    if (value === true) return {};
    if (value === false) return { not: {} };
    if (!isRecord(value)) return value;
    const out: Json = { ...value };
    for (const keyword of unshownKeywords) {
      if (keyword in out) {
        unshown.note(`keyword ${keyword}`, `${pointer}/${escapeSegment(keyword)}`, `The schema keyword \`${keyword}\``);
      }
    }
    for (const [keyword, shape] of subSchemas) {
      const inner = out[keyword];
      const at = `${pointer}/${escapeSegment(keyword)}`;
      if (shape === 'one' && (isRecord(inner) || (typeof inner === 'boolean' && keyword !== 'additionalProperties'))) {
        out[keyword] = schema(inner, at);
      }
      if (shape === 'list' && Array.isArray(inner)) out[keyword] = inner.map((s, i) => schema(s, `${at}/${i}`));
      if (shape === 'map' && isRecord(inner)) {
        out[keyword] = Object.fromEntries(
          Object.entries(inner).map(([name, s]) => [name, schema(s, `${at}/${escapeSegment(name)}`)]),
        );
      }
    }
    if (Array.isArray(out.type)) {
      const types = out.type.filter((t): t is string => typeof t === 'string');
      const others = types.filter((t) => t !== 'null');
      if (others.length < types.length) out.nullable = true;
      if (others.length === 1) out.type = others[0];
      else {
        delete out.type;
        if (others.length > 1) out.anyOf = [...others.map((type) => ({ type })), ...asList(out.anyOf)];
      }
    } else if (out.type === 'null') {
      delete out.type;
      out.nullable = true;
    }
    if ('const' in out) {
      out.enum ??= [out.const];
      delete out.const;
    }
    if (Array.isArray(out.examples)) {
      if (out.examples.length > 0 && !('example' in out)) out.example = out.examples[0];
      delete out.examples;
    }
    for (const [exclusive, bound, stricter] of [
      ['exclusiveMinimum', 'minimum', (limit: number, inclusive: number) => limit >= inclusive],
      ['exclusiveMaximum', 'maximum', (limit: number, inclusive: number) => limit <= inclusive],
    ] as const) {
      const limit = out[exclusive];
      if (typeof limit !== 'number') continue;
      // 3.1 may give both bounds; 3.0 has one bound and a flag, so the stricter one is kept.
      const inclusive = out[bound];
      if (typeof inclusive === 'number' && !stricter(limit, inclusive)) delete out[exclusive];
      else {
        out[bound] = limit;
        out[exclusive] = true;
      }
    }
    // 3.1 says "binary" with contentMediaType/contentEncoding where 3.0 used format (OAS 3.1, binary data).
    if (out.format === undefined && (out.type === 'string' || out.type === undefined)) {
      if (out.contentEncoding === 'base64' || out.contentEncoding === 'base64url') out.format = 'byte';
      else if (isBinaryMediaType(out.contentMediaType) && out.contentEncoding === undefined) out.format = 'binary';
      if (out.format !== undefined) out.type = 'string';
    }
    if (typeof out.$ref === 'string' && Object.keys(out).length > 1) {
      const { $ref, ...siblings } = out;
      return { ...siblings, allOf: [{ $ref }, ...asList(siblings.allOf)] };
    }
    return out;
  };

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
    if ('itemSchema' in value) out.itemSchema = schema(value.itemSchema, `${pointer}/itemSchema`);
    return out;
  };
  const content = (value: unknown, pointer: string) => mapOf(value, mediaType, pointer);
  const withSchemaAndContent = (item: Json, pointer: string): Json => ({
    ...item,
    ...('schema' in item ? { schema: schema(item.schema, `${pointer}/schema`) } : {}),
    ...('content' in item ? { content: content(item.content, `${pointer}/content`) } : {}),
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

/** A media type whose content is bytes, not text: a string holding JSON, XML or text/* is still a string. */
function isBinaryMediaType(type: unknown): boolean {
  return typeof type === 'string' && !/^text\/|json|xml/i.test(type);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
