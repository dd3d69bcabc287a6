/**
 * Mistakes confined to one schema or one metadata field (`info.license`, `info.contact`) do not stop the page:
 * Redoc draws them, so the portal does too. Each becomes a warning at its place, in words, and a copy of the
 * description is mended so the rest of the pipeline reads valid input: the offending keyword is left out, a
 * tuple-style `items: [...]` becomes "any of these shapes", a license keeps its URL over its identifier. An unknown
 * field at the top of the description is never drawn, so it is confined too and left out.
 * PETSTORE_STRICT (and `spec:check --strict`) makes these warnings errors again, like every other.
 */
import { fromPointer, isRecord, toPointer, valueAt } from './json-pointer.ts';

type Json = Record<string, unknown>;

/** A confined mistake: where, what to say, and how to mend the (cloned) document. */
export interface Confined {
  pointer: string;
  message: string;
  mend: (document: Json) => boolean;
}

/** The subset of an Ajv error read here. */
interface Violation {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * How to draw past a violation, or undefined when it is not confined (the description is refused as before).
 * `problem` is the violation already put in words; `version` names the OpenAPI version ("OpenAPI 3.0").
 */
export function confine(v: Violation, data: Json, problem: string, version: string): Confined | undefined {
  const segments = fromPointer(v.instancePath);
  if (segments.length === 0 && v.keyword === 'additionalProperties')
    return topLevel(String(v.params.additionalProperty), version);
  if (segments[0] === 'info' && (segments[1] === 'license' || segments[1] === 'contact')) {
    return metadata(v, segments, data, problem);
  }
  const root = schemaRoot(segments);
  if (root === undefined) return undefined;
  return inSchema(v, segments, root, data, problem, version);
}

function topLevel(field: string, version: string): Confined {
  return {
    pointer: toPointer([field]),
    message: `\`${field}\` is not a field ${version} allows at the top of a description; it is left out.`,
    mend: (doc) => remove(doc, [field]),
  };
}

function metadata(v: Violation, segments: string[], data: Json, problem: string): Confined | undefined {
  const info = data.info;
  const license = isRecord(info) ? info.license : undefined;
  // 3.1's license: `identifier` and `url` exclude each other (the schema says "must NOT be valid").
  if (segments.length === 2 && segments[1] === 'license' && isRecord(license) && 'url' in license) {
    if ('identifier' in license && (v.keyword === 'not' || v.keyword === 'oneOf')) {
      return {
        pointer: '/info/license',
        message:
          '`license` has both `url` and `identifier`; OpenAPI 3.1 allows only one of them. The URL is shown and the identifier left out.',
        mend: (doc) => remove(doc, ['info', 'license', 'identifier']),
      };
    }
  }
  const field = segments[1] as string;
  return {
    pointer: v.instancePath,
    message: `${problem.replace(/\.$/, '')}; the ${field} is not shown.`,
    mend: (doc) => remove(doc, ['info', field]),
  };
}

/**
 * The segment count of the schema a pointer lies in: a media type's or parameter's/header's `schema` (or a
 * stream's `itemSchema`), or a named schema in components. Undefined: not inside a schema.
 */
function schemaRoot(segments: readonly string[]): number | undefined {
  if (segments[0] === 'components' && segments[1] === 'schemas' && segments.length >= 3) return 3;
  for (let i = 2; i < segments.length; i++) {
    const s = segments[i];
    const owner = segments[i - 2];
    if (
      (s === 'schema' || s === 'itemSchema') &&
      (owner === 'content' || owner === 'parameters' || owner === 'headers')
    )
      return i + 1;
  }
  return undefined;
}

/** Keywords whose value is a schema, and those whose value holds schemas by name or position. */
const schemaValued = new Set(['items', 'additionalProperties', 'not']);
const schemaHolding = new Set(['properties', 'allOf', 'oneOf', 'anyOf']);

function inSchema(
  v: Violation,
  segments: string[],
  root: number,
  data: Json,
  problem: string,
  version: string,
): Confined | undefined {
  // Walk down to the innermost schema; the keyword after it is the one at fault. An unknown field is a fault of
  // the schema the path names; any other complaint is about the value the path names.
  const end = v.keyword === 'additionalProperties' ? segments.length : segments.length - 1;
  let schema = segments.slice(0, root);
  let i = root;
  for (;;) {
    const key = segments[i];
    if (key !== undefined && schemaValued.has(key) && i + 1 <= end) {
      schema = segments.slice(0, i + 1);
      i += 1;
    } else if (key !== undefined && schemaHolding.has(key) && i + 2 <= end) {
      schema = segments.slice(0, i + 2);
      i += 2;
    } else break;
  }
  const keyword = i === segments.length ? String(v.params.additionalProperty) : segments[i];
  if (keyword === undefined) return undefined;
  // A schema that is not one (a property written `x: 3`, an allOf entry that is a list): that entry is left out.
  if (schemaHolding.has(keyword) && i + 2 === segments.length) {
    return {
      pointer: v.instancePath,
      message: `${problem.replace(/\.$/, '')}; it is left out.`,
      mend: (doc) => remove(doc, segments),
    };
  }
  const at = [...schema, keyword];
  const value = valueAt(data, at);
  if (keyword === 'items' && Array.isArray(value)) {
    return {
      pointer: toPointer(at),
      message: `\`items\` is a list (a tuple, one schema per position), but ${version} allows one schema for every item. It is drawn as an array whose items are any of those shapes.`,
      mend: (doc) => replace(doc, at, { anyOf: value }),
    };
  }
  if (keyword === 'additionalItems') {
    return {
      pointer: toPointer(at),
      message: `\`additionalItems\` (what may follow a tuple's items) is not a field ${version} allows in a schema; it is not shown.`,
      mend: (doc) => remove(doc, at),
    };
  }
  return {
    pointer: v.keyword === 'additionalProperties' ? toPointer(at) : v.instancePath,
    message: `${problem.replace(/\.$/, '')}; the schema is drawn without \`${keyword}\`.`,
    mend: (doc) => remove(doc, at),
  };
}

/** The container holding the last segment, if the path leads there. */
function parentOf(doc: Json, segments: readonly string[]): Json | unknown[] | undefined {
  const parent = valueAt(doc, segments.slice(0, -1));
  return isRecord(parent) || Array.isArray(parent) ? parent : undefined;
}

function remove(doc: Json, segments: readonly string[]): boolean {
  const parent = parentOf(doc, segments);
  const last = segments.at(-1);
  if (parent === undefined || last === undefined) return false;
  if (Array.isArray(parent)) {
    // An entry of allOf/oneOf/anyOf becomes "any value", so the positions other mends use stay put.
    parent[Number(last)] = {};
    return true;
  }
  if (!Object.hasOwn(parent, last)) return false;
  delete parent[last];
  return true;
}

function replace(doc: Json, segments: readonly string[], value: unknown): boolean {
  const parent = parentOf(doc, segments);
  const last = segments.at(-1);
  if (parent === undefined || last === undefined || Array.isArray(parent)) return false;
  parent[last] = value;
  return true;
}
