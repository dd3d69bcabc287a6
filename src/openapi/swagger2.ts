/**
 * Swagger 2.0 in: a checked 2.0 document becomes OpenAPI 3.0 on load, so everything after reads one model.
 * The conversion is Scalar's (`@scalar/openapi-upgrader`: maintained, a pure function that never fetches, already
 * in the tree through @scalar/workspace-store); this module settles the few places where its reading differs
 * from the 2.0 specification, warns about what 3.0 cannot say (at the place in the 2.0 file), and maps every
 * place in the converted document back to the 2.0 one, so later problems point into the file as written.
 */
import { upgradeFromTwoToThree } from '@scalar/openapi-upgrader/2.0-to-3.0';
import { escapeSegment, fromPointer, getAtPointer, isRecord, toPointer } from './json-pointer.ts';
import type { SpecProblem } from './spec-problem.ts';

type Json = Record<string, unknown>;

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
const isBodyLike = (p: unknown): boolean => isRecord(p) && (p.in === 'body' || p.in === 'formData');

/** Whether the document says it is Swagger 2.0. */
export function isSwagger2(data: unknown): data is Json {
  return isRecord(data) && data.swagger === '2.0' && data.openapi === undefined;
}

export interface Converted {
  /** The description as OpenAPI 3.0. */
  document: Json;
  /** What 3.0 cannot say as 2.0 did; pointers into the 2.0 document. */
  problems: SpecProblem[];
  /** A place in the converted document → the place in the 2.0 document it came from (as near as is known). */
  toOriginal(pointer: string): string;
}

/** Converts a 2.0 document that passed the 2.0 schema and reference checks. `original` is not changed. */
export function convertSwagger2(original: Json): Converted {
  const copy = structuredClone(original);
  const stashed = prepare(copy);
  const upgraded = upgradeFromTwoToThree(copy) as Json;
  // Without `host`, the converter keeps `schemes` (3.0 has no such field): in 2.0 they are the schemes of the host
  // that serves the description, which its relative server (`basePath`, else none: `/`) means already.
  if (original.host === undefined) delete upgraded.schemes;
  settle(upgraded, original, stashed);
  // The converter adds `openapi` and `servers` last; the downloads read better with them first.
  const { openapi, info, servers, ...rest } = upgraded;
  const document = { openapi, info, ...(servers === undefined ? {} : { servers }), ...rest };
  return { document, problems: unconvertible(original), toOriginal: (pointer) => toOriginal(original, pointer) };
}

/** Path-item fields the converter would read as operations (`x-…`, `$ref`), kept aside and put back after. */
type Stash = { path: string; key: string; value: unknown }[];

/**
 * Puts the 2.0 document in the shape the converter reads correctly: each operation names its own `produces`
 * (the converter lets the document's win over the operation's), body and form parameters written once on the
 * path item or as `#/parameters` references are written on each operation (the converter reads them only inline).
 */
function prepare(doc: Json): Stash {
  const stash: Stash = [];
  const shared = isRecord(doc.parameters) ? doc.parameters : {};
  const inline = (p: unknown): unknown => {
    if (!isRecord(p) || typeof p.$ref !== 'string') return p;
    const name = /^#\/parameters\/(.+)$/.exec(p.$ref)?.[1];
    const target = name === undefined ? undefined : shared[decodeSegment(name)];
    return isBodyLike(target) ? structuredClone(target) : p;
  };
  const produces = doc.produces;
  delete doc.produces;
  for (const [path, item] of Object.entries(isRecord(doc.paths) ? doc.paths : {})) {
    if (!isRecord(item)) continue;
    for (const key of Object.keys(item)) {
      if (key !== 'parameters' && !(methods as readonly string[]).includes(key)) {
        stash.push({ path, key, value: item[key] });
        delete item[key];
      }
    }
    const pathParameters = Array.isArray(item.parameters) ? item.parameters.map(inline) : [];
    const pathBodies = pathParameters.filter(isBodyLike);
    if (Array.isArray(item.parameters)) {
      item.parameters = pathParameters.filter((p) => !isBodyLike(p));
      if ((item.parameters as unknown[]).length === 0) delete item.parameters;
    }
    for (const method of methods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      if (operation.produces === undefined && produces !== undefined) operation.produces = produces;
      const own = Array.isArray(operation.parameters) ? operation.parameters.map(inline) : [];
      // An operation's parameter overrides the path item's of the same name and place.
      const inherited = pathBodies.filter(
        (p) => !own.some((o) => isRecord(o) && isRecord(p) && o.name === p.name && o.in === p.in),
      );
      if (own.length > 0 || inherited.length > 0) operation.parameters = [...own, ...inherited];
    }
  }
  if (produces !== undefined) doc['x-portal-produces'] = produces;
  return stash;
}

/** After the converter: the stashed fields back, shared responses in the document's media types, 3.0's shapes. */
function settle(doc: Json, original: Json, stash: Stash): void {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  for (const { path, key, value } of stash) {
    const item = paths[path];
    if (isRecord(item)) item[key] = value;
  }
  const produces = doc['x-portal-produces'];
  delete doc['x-portal-produces'];
  const responses = isRecord(doc.components) && isRecord(doc.components.responses) ? doc.components.responses : {};
  const written = isRecord(original.responses) ? original.responses : {};
  if (Array.isArray(produces) && produces.length > 0) {
    for (const [name, response] of Object.entries(responses)) {
      const content = isRecord(response) ? response.content : undefined;
      const json = isRecord(content) ? content['application/json'] : undefined;
      if (!isRecord(content) || !isRecord(json) || !isRecord(written[name]) || !('schema' in written[name])) continue;
      if (!produces.includes('application/json')) delete content['application/json'];
      for (const type of produces) if (typeof type === 'string') content[type] ??= { schema: json.schema };
    }
  }
  walk(doc, (node) => {
    // 2.0 names the discriminating property; 3.0 wants an object.
    if (typeof node.discriminator === 'string') node.discriminator = { propertyName: node.discriminator };
    // A form with no required field: the converter writes `required: []`, which 3.0 does not allow.
    if (Array.isArray(node.required) && node.required.length === 0 && node.type === 'object') delete node.required;
  });
  // Response headers are always comma-separated in 3.0; the 2.0 field has no place.
  forEachResponse(doc, (response) => {
    for (const header of Object.values(isRecord(response.headers) ? response.headers : {})) {
      if (isRecord(header)) delete header.collectionFormat;
    }
  });
}

/** Calls `visit` on every object of the document, outside examples, defaults, enums and extensions. */
function walk(value: unknown, visit: (node: Json) => void): void {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) stack.push(...current);
    else if (isRecord(current)) {
      visit(current);
      for (const [key, child] of Object.entries(current)) {
        if (!['example', 'examples', 'default', 'enum'].includes(key) && !key.startsWith('x-')) stack.push(child);
      }
    }
  }
}

function forEachResponse(doc: Json, each: (response: Json) => void): void {
  const components = isRecord(doc.components) && isRecord(doc.components.responses) ? doc.components.responses : {};
  for (const response of Object.values(components)) if (isRecord(response)) each(response);
  for (const item of Object.values(isRecord(doc.paths) ? doc.paths : {})) {
    if (!isRecord(item)) continue;
    for (const method of methods) {
      const operation = item[method];
      const responses = isRecord(operation) && isRecord(operation.responses) ? operation.responses : {};
      for (const response of Object.values(responses)) if (isRecord(response)) each(response);
    }
  }
}

/** Collection formats OpenAPI 3.0 has a style for, by where the parameter is. */
const expressible: Record<string, readonly string[]> = {
  query: ['csv', 'ssv', 'pipes', 'multi'],
  formData: ['csv', 'ssv', 'pipes', 'multi'],
  path: ['csv'],
  header: ['csv'],
};

/** What 3.0 cannot say as the 2.0 document does: each kind once, at its first place, with a count. */
function unconvertible(original: Json): SpecProblem[] {
  const found = new Map<string, { pointer: string; count: number; message: string }>();
  const note = (kind: string, pointer: string, message: string) => {
    const seen = found.get(kind);
    if (seen) seen.count++;
    else found.set(kind, { pointer, count: 1, message });
  };
  const checkFormat = (value: Json, where: string, pointer: string) => {
    const format = value.collectionFormat;
    if (typeof format !== 'string' || (expressible[where] ?? ['csv']).includes(format)) return;
    note(
      `collectionFormat ${format} ${where}`,
      `${pointer}/collectionFormat`,
      `\`collectionFormat: ${format}\` has no OpenAPI 3 equivalent ${where === 'items' ? 'for nested lists' : `for a ${where} value`}; the pages show the list in 3.0's default form.`,
    );
  };
  const checkParameter = (p: unknown, pointer: string) => {
    if (!isRecord(p) || typeof p.in !== 'string') return;
    checkFormat(p, p.in, pointer);
    if (isRecord(p.items)) checkFormat(p.items, 'items', `${pointer}/items`);
  };
  for (const [name, p] of Object.entries(isRecord(original.parameters) ? original.parameters : {})) {
    checkParameter(p, toPointer(['parameters', name]));
  }
  for (const [path, item] of Object.entries(isRecord(original.paths) ? original.paths : {})) {
    if (!isRecord(item)) continue;
    const at = toPointer(['paths', path]);
    if (Array.isArray(item.parameters))
      item.parameters.forEach((p, i) => {
        checkParameter(p, `${at}/parameters/${i}`);
      });
    for (const method of methods) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      if (Array.isArray(operation.parameters)) {
        operation.parameters.forEach((p, i) => {
          checkParameter(p, `${at}/${method}/parameters/${i}`);
        });
      }
      for (const [status, response] of Object.entries(isRecord(operation.responses) ? operation.responses : {})) {
        const headers = isRecord(response) && isRecord(response.headers) ? response.headers : {};
        for (const [header, value] of Object.entries(headers)) {
          if (isRecord(value))
            checkFormat(value, 'header', toPointer(['paths', path, method, 'responses', status, 'headers', header]));
        }
      }
    }
  }
  return [...found.values()].map(({ pointer, count, message }) => ({
    severity: 'warning',
    pointer,
    message: count === 1 ? message : `${message} (${count} places; this is the first.)`,
  }));
}

/** A place in the converted document → the place in the 2.0 document it came from. */
function toOriginal(original: Json, pointer: string): string {
  const s = fromPointer(pointer);
  const [first, second, third, ...rest] = s;
  if (first === 'servers') {
    if (original.host !== undefined) return '/host';
    return original.basePath !== undefined ? '/basePath' : original.schemes !== undefined ? '/schemes' : '';
  }
  if (first === 'components' && third !== undefined) {
    const after = s.slice(3);
    switch (second) {
      case 'schemas':
        return toPointer(['definitions', third, ...after]);
      case 'parameters':
        return toPointer(['parameters', third, ...parameterRest(after)]);
      case 'requestBodies':
        return toPointer([
          'parameters',
          third,
          ...bodyRest(getAtPointer(original, toPointer(['parameters', third])), after),
        ]);
      case 'responses':
        return toPointer(['responses', third, ...responseRest(after)]);
      case 'securitySchemes':
        return toPointer(['securityDefinitions', third]);
      default:
        return toPointer(['definitions']);
    }
  }
  if (first === 'paths' && second !== undefined && third === 'parameters' && rest[0] !== undefined) {
    const kept = writtenParameters(original, second).atPath.filter((p) => !p.bodyLike);
    const at = kept[Number(rest[0])];
    return at ? `${at.pointer}${toPointer(parameterRest(rest.slice(1)))}` : toPointer(['paths', second]);
  }
  if (
    first === 'paths' &&
    second !== undefined &&
    third !== undefined &&
    (methods as readonly string[]).includes(third)
  ) {
    const operation = toPointer(['paths', second, third]);
    const [field, index, ...after] = rest;
    if (field === 'parameters' && index !== undefined) {
      const kept = writtenParameters(original, second, third).own.filter((p) => !p.bodyLike);
      const at = kept[Number(index)];
      return at ? `${at.pointer}${toPointer(parameterRest(after))}` : operation;
    }
    if (field === 'requestBody') {
      const { own, atPath } = writtenParameters(original, second, third);
      const bodies = [...own, ...atPath].filter((p) => p.bodyLike);
      const named = index === 'content' && after[1] === 'schema' ? after.slice(2) : [];
      // A form field (`…/schema/properties/name`) is the formData parameter of that name.
      if (named[0] === 'properties' && named[1] !== undefined) {
        const field = bodies.find((p) => p.name === named[1]);
        if (field) return `${field.pointer}${toPointer(parameterRest(named.slice(2)))}`;
      }
      const body = bodies.find((p) => p.in === 'body') ?? bodies[0];
      if (!body) return operation;
      return body.in === 'body' && index === 'content' && after[1] === 'schema'
        ? `${body.pointer}${toPointer(['schema', ...after.slice(2)])}`
        : body.pointer;
    }
    if (field === 'responses' && index !== undefined) {
      return `${operation}${toPointer(['responses', index, ...responseRest(after)])}`;
    }
    return pointer;
  }
  return pointer;
}

/** 2.0 writes a parameter's schema keywords on the parameter itself. */
function parameterRest(after: readonly string[]): string[] {
  return after[0] === 'schema' ? after.slice(1) : after[0] === 'examples' ? ['x-example'] : [...after];
}

/** Inside a shared request body: the body parameter's schema, or the form parameter. */
function bodyRest(parameter: ReturnType<typeof getAtPointer>, after: readonly string[]): string[] {
  const isBody = parameter.found && isRecord(parameter.value) && parameter.value.in === 'body';
  return isBody && after[0] === 'content' && after[2] === 'schema' ? ['schema', ...after.slice(3)] : [];
}

/** Inside a response: `content/{type}/schema/…` → `schema/…`; examples → `examples/{type}`; headers lose `schema`. */
function responseRest(after: readonly string[]): string[] {
  const [field, key, inner, ...more] = after;
  if (field === 'content' && key !== undefined) {
    if (inner === 'schema') return ['schema', ...more];
    if (inner === 'example' || inner === 'examples') return ['examples', key];
    return [];
  }
  if (field === 'headers' && key !== undefined) return ['headers', key, ...(inner === 'schema' ? more : [])];
  return field === undefined ? [] : [field];
}

interface WrittenParameter {
  pointer: string;
  bodyLike: boolean;
  name: unknown;
  in: unknown;
}

/** An operation's parameters as written and its path item's, `#/parameters` references read. */
function writtenParameters(
  original: Json,
  path: string,
  method?: string,
): { own: WrittenParameter[]; atPath: WrittenParameter[] } {
  const shared = isRecord(original.parameters) ? original.parameters : {};
  const read = (p: unknown, pointer: string): WrittenParameter => {
    const name = isRecord(p) && typeof p.$ref === 'string' ? /^#\/parameters\/(.+)$/.exec(p.$ref)?.[1] : undefined;
    const target = name === undefined ? p : shared[decodeSegment(name)];
    return {
      pointer,
      bodyLike: isBodyLike(target),
      name: isRecord(target) ? target.name : undefined,
      in: isRecord(target) ? target.in : undefined,
    };
  };
  const item = isRecord(original.paths) ? original.paths[path] : undefined;
  const operation = isRecord(item) && method !== undefined ? item[method] : undefined;
  const own = isRecord(operation) && Array.isArray(operation.parameters) ? operation.parameters : [];
  const atPath = isRecord(item) && Array.isArray(item.parameters) ? item.parameters : [];
  const base = toPointer(['paths', path]);
  return {
    own: own.map((p, i) => read(p, `${base}/${escapeSegment(method ?? '')}/parameters/${i}`)),
    atPath: atPath.map((p, i) => read(p, `${base}/parameters/${i}`)),
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return segment;
  }
}
