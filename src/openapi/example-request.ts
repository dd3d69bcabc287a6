/**
 * The request a reader would send to try an operation, as values before any
 * client writes them down: which parameters it fills and with what, and its
 * body. The page's code samples (samples.ts) and the live console both start
 * from it, so the call a sample shows is the call the console's first Send makes.
 *
 * What goes in: every path parameter; query, header and cookie parameters
 * only when required (a sample shows the call, not every knob: optional
 * filters may even exclude each other); the first JSON body, from the media
 * type's example or else built from its schema, or where there is none, the
 * first form (multipart or URL-encoded): its example, or else its required
 * fields (every field where none is), files named as such; else the first
 * body of bytes (`application/x-tar`, `image/png`: any other media type whose
 * schema is a string, or absent), sent from a file.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { isFormMediaType, isJsonMediaType, mediaTypeEssence } from './media-type.ts';
import { type ApiOperation, type ApiParameter, type SchemaOrRef, sentByApi } from './model.ts';
import { chosenOption, type ExampleMode, exampleFromSchema } from './schema-example.ts';
import type { SchemaResolver } from './schema-resolver.ts';

export interface ExampleRequest {
  /** Every parameter of the operation, in its order; `value` is set on the ones the request sends. */
  parameters: ExampleParameter[];
  /** The body, when the operation takes one as JSON or as a form. */
  body?: ExampleBody;
}

export interface ExampleBody {
  mediaType: string;
  /** The JSON value; for a form, an object of its fields; undefined for a `file` body. */
  value: unknown;
  /** A multipart form's fields that are files (`format: binary`), each with the file name a sample sends. */
  files?: Record<string, string>;
  /** A body that is a file's bytes (`application/octet-stream`, `image/png`…): the file name a sample sends. */
  file?: string;
}

export interface ExampleParameter {
  in: ApiParameter['in'];
  name: string;
  /** The value sent; absent when the request leaves the parameter out. */
  value?: unknown;
}

/** The request for `operation`; `schemas` follows its schemas' `$ref`s. */
export function exampleRequest(schemas: SchemaResolver, operation: ApiOperation): ExampleRequest {
  const parameters = operation.parameters.map((parameter): ExampleParameter => {
    const value = parameterValue(schemas, parameter);
    return value === undefined
      ? { in: parameter.in, name: parameter.name }
      : { in: parameter.in, name: parameter.name, value };
  });
  const body = jsonBody(schemas, operation) ?? formBody(schemas, operation) ?? fileBody(schemas, operation);
  return body ? { parameters, body } : { parameters };
}

/**
 * The value sent for a parameter, or undefined to leave it out: its example,
 * else its default, first enum value or a stand-in of its type.
 */
export function parameterValue(schemas: SchemaResolver, parameter: ApiParameter): unknown {
  if (parameter.in !== 'path' && !parameter.required) return undefined;
  const schema = parameter.schema ? schemas.resolve(parameter.schema) : undefined;
  const example = parameter.examples[0]?.value ?? schema?.example;
  if (example !== undefined) return example;
  return schema?.default ?? schema?.enum?.[0] ?? placeholderFor(schemas, schema, parameter.name);
}

/** A stand-in of the right type, for a value the description gives no example of. */
function placeholderFor(schemas: SchemaResolver, schema: OpenAPIV3.SchemaObject | undefined, name: string): unknown {
  switch (schema?.type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined && schema.minimum > 1 ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array': {
      const items = schema.items ? schemas.resolve(schema.items) : undefined;
      return [items?.example ?? items?.default ?? placeholderFor(schemas, items, name)];
    }
    default:
      return name;
  }
}

/**
 * Which fields a body built from its schema holds: a request the reader sends leaves out read-only fields; one the
 * API sends (a webhook's or callback's payload) holds them, and leaves out write-only ones, as a response does.
 */
function bodyMode(operation: ApiOperation): ExampleMode {
  return sentByApi(operation) ? 'read' : 'write';
}

/**
 * The first JSON media type's first example, else one built from its schema
 * (its own example, or its fields' examples, defaults and stand-ins).
 */
function jsonBody(schemas: SchemaResolver, operation: ApiOperation): ExampleBody | undefined {
  const media = operation.requestBody?.content.find((m) => isJsonMediaType(m.mediaType));
  if (!media) return undefined;
  const value =
    media.examples[0]?.value ??
    (media.schema ? exampleFromSchema(schemas, media.schema, bodyMode(operation)) : undefined);
  return value === undefined ? undefined : { mediaType: media.mediaType, value };
}

/**
 * The first form's fields, from its example or else its schema. A field of binary data is a file: its name is the
 * example's, where it gives one (`@mars.jpg`), else a path to fill in.
 */
function formBody(schemas: SchemaResolver, operation: ApiOperation): ExampleBody | undefined {
  const media = operation.requestBody?.content.find((m) => isFormMediaType(m.mediaType));
  if (!media?.schema) return undefined;
  const given = media.examples[0]?.value;
  const built = given ?? exampleFromSchema(schemas, media.schema, bodyMode(operation));
  if (typeof built !== 'object' || built === null || Array.isArray(built)) return undefined;
  // Built from the schema, a form sends its required fields, as a form is filled in (every field when none is).
  const required = new Set(requiredFields(schemas, media.schema));
  const kept = Object.entries(built).filter(([name]) => given !== undefined || required.has(name));
  const value = kept.length > 0 ? Object.fromEntries(kept) : built;
  const files: Record<string, string> = {};
  if (mediaTypeEssence(media.mediaType) === 'multipart/form-data') {
    for (const [name, property] of formFields(schemas, media.schema)) {
      if (schemas.resolve(property).format !== 'binary' || !(name in value)) continue;
      const given = (value as Record<string, unknown>)[name];
      files[name] =
        typeof given === 'string' && given.startsWith('@') && given.length > 1 ? given.slice(1) : `path/to/${name}`;
    }
  }
  return Object.keys(files).length > 0
    ? { mediaType: media.mediaType, value, files }
    : { mediaType: media.mediaType, value };
}

/**
 * The first body that is a file's bytes: a media type neither JSON nor a form, whose schema is a string (binary, or
 * any other: the bytes are the reader's to give) or absent. The file is the example's name, where it gives one
 * (`@archive.tar`), else a path to fill in.
 */
function fileBody(schemas: SchemaResolver, operation: ApiOperation): ExampleBody | undefined {
  const media = operation.requestBody?.content.find((m) => {
    if (isJsonMediaType(m.mediaType) || isFormMediaType(m.mediaType)) return false;
    const schema = m.schema ? schemas.resolve(m.schema) : undefined;
    if (schema === undefined || schema.type === 'string') return true;
    return (
      schema.type === undefined &&
      !(schema.properties || 'items' in schema || schema.allOf || schema.oneOf || schema.anyOf)
    );
  });
  if (!media) return undefined;
  // The samples write the name into code as it is: only a plain path (`@archive.tar`), never one an option or a quote.
  const given = media.examples[0]?.value;
  const named = typeof given === 'string' && /^@[\w.][\w./-]*$/.test(given) ? given.slice(1) : undefined;
  return { mediaType: media.mediaType, value: undefined, file: named ?? 'path/to/file' };
}

/**
 * The names a form schema requires: its `allOf` parts' included, and those of the `oneOf`/`anyOf` option the
 * example chose (a form sends that variant's required fields, not only the one that tells variants apart).
 */
function requiredFields(schemas: SchemaResolver, schema: SchemaOrRef, seen: readonly object[] = []): string[] {
  const resolved = schemas.resolve(schema);
  if (seen.includes(resolved)) return [];
  const within = [...seen, resolved];
  const option = chosenOption(resolved);
  return [
    ...(resolved.allOf ?? []).flatMap((part) => requiredFields(schemas, part, within)),
    ...(option ? requiredFields(schemas, option, within) : []),
    ...(resolved.required ?? []),
  ];
}

/** A form schema's fields: its properties and those of its `allOf` parts and of the option the example chose. */
function formFields(
  schemas: SchemaResolver,
  schema: SchemaOrRef,
  seen: readonly object[] = [],
): [string, SchemaOrRef][] {
  const resolved = schemas.resolve(schema);
  if (seen.includes(resolved)) return [];
  const within = [...seen, resolved];
  const option = chosenOption(resolved);
  return [
    ...(resolved.allOf ?? []).flatMap((part) => formFields(schemas, part, within)),
    ...(option ? formFields(schemas, option, within) : []),
    ...Object.entries(resolved.properties ?? {}),
  ];
}
