/** Media types, request bodies, responses, headers and their examples → the model's shapes. */
import type { OpenAPIV3 } from 'openapi-types';
import { escapeSegment, isRecord } from '../json-pointer.ts';
import type {
  ApiExample,
  ApiHeader,
  ApiLink,
  ApiMediaType,
  ApiOperation,
  ApiRequestBody,
  ApiResponse,
  SchemaOrRef,
} from '../model.ts';
import { sentByApi } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { Deref } from './context.ts';

/** A media type as 3.2 writes it: `itemSchema` describes each item of a stream (JSON Lines, server-sent events). */
type MediaTypeObject = OpenAPIV3.MediaTypeObject & { itemSchema?: SchemaOrRef };

export function readExamples(
  holder: { example?: unknown; examples?: Record<string, OpenAPIV3.ReferenceObject | OpenAPIV3.ExampleObject> },
  deref: Deref,
): ApiExample[] {
  const examples: ApiExample[] = Object.entries(holder.examples ?? {}).flatMap(([name, raw]) => {
    const example = deref<OpenAPIV3.ExampleObject>(raw);
    // Examples that live at an external URL have no value to show inline.
    if (!Object.hasOwn(example, 'value')) return [];
    const result: ApiExample = { name, value: example.value };
    if (example.summary) result.summary = example.summary;
    if (example.description) result.description = example.description;
    return [result];
  });
  if (examples.length === 0 && Object.hasOwn(holder, 'example')) examples.push({ value: holder.example });
  return examples;
}

export function readContent(content: Record<string, MediaTypeObject> | undefined, deref: Deref): ApiMediaType[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const result: ApiMediaType = { mediaType, examples: readExamples(media, deref) };
    if (media.schema) {
      const { schema, description } = schemaOfUse(media.schema);
      result.schema = schema;
      if (description) result.description = description;
    }
    if (media.itemSchema) result.itemSchema = media.itemSchema;
    // A schema-level example stands in when the media type gives none.
    const schemaOrItem = media.schema ?? media.itemSchema;
    if (result.examples.length === 0 && schemaOrItem) {
      const schema = deref<OpenAPIV3.SchemaObject>(schemaOrItem);
      if (isRecord(schema) && Object.hasOwn(schema, 'example')) result.examples.push({ value: schema.example });
    }
    return result;
  });
}

export function readRequestBody(body: OpenAPIV3.RequestBodyObject, deref: Deref): ApiRequestBody {
  const result: ApiRequestBody = { required: body.required === true, content: readContent(body.content, deref) };
  if (body.description) result.description = body.description;
  return result;
}

/** The fields headers and parameters share in OpenAPI (a header is a parameter without `name` and `in`). */
export function readParameterFields(name: string, fields: OpenAPIV3.HeaderObject, deref: Deref): ApiHeader {
  const result: ApiHeader = {
    name,
    required: fields.required === true,
    deprecated: fields.deprecated === true,
    examples: readExamples(fields, deref),
  };
  if (fields.description) result.description = fields.description;
  const schema = fields.schema ?? (fields.content ? Object.values(fields.content)[0]?.schema : undefined);
  if (schema) {
    result.schema = schema;
    // Many authors describe a parameter in its schema (Spotify's every one); Redoc and Scalar show it as the
    // parameter's, and so does the model: its description, and its example when the parameter gives none.
    const resolved = deref<OpenAPIV3.SchemaObject>(schema);
    const described = isRecord(resolved) ? resolved.description : undefined;
    if (!result.description && typeof described === 'string' && described) result.description = described;
    if (result.examples.length === 0 && isRecord(resolved) && Object.hasOwn(resolved, 'example')) {
      result.examples.push({ value: resolved.example });
    }
  }
  return result;
}

/** Keywords that say what a value means, not what it may be: a `$ref` with only these beside it is that `$ref`. */
const annotations = new Set(['description', 'summary', 'title']);

/**
 * A body's schema, and what is said of it where it is used: 3.1's `{$ref: Stay, description: "The stay, with its
 * kennel and dates"}` (3.0's dialect writes it `{description, allOf: [{$ref}]}`, normalize/schema.ts) is the
 * `$ref`, so the page names and links Stay, with that description; an inline schema keeps its own.
 */
function schemaOfUse(schema: SchemaOrRef): { schema: SchemaOrRef; description?: string } {
  if (!isRecord(schema) || typeof schema.$ref === 'string') return { schema };
  const written = schema as Record<string, unknown>;
  const text = written.description ?? written.summary;
  const description = typeof text === 'string' && text ? text : undefined;
  const parts = written.allOf;
  const onlyRef =
    Array.isArray(parts) &&
    parts.length === 1 &&
    isRecord(parts[0]) &&
    typeof parts[0].$ref === 'string' &&
    Object.keys(parts[0]).length === 1 &&
    Object.keys(written).every((key) => key === 'allOf' || annotations.has(key));
  const used = onlyRef ? (parts[0] as SchemaOrRef) : schema;
  return description ? { schema: used, description } : { schema: used };
}

export function readResponse(status: string, response: OpenAPIV3.ResponseObject, deref: Deref): ApiResponse {
  const headers = Object.entries(response.headers ?? {}).map(([name, raw]) =>
    readParameterFields(name, deref<OpenAPIV3.HeaderObject>(raw), deref),
  );
  const result: ApiResponse = {
    status,
    description: response.description,
    headers,
    content: readContent(response.content, deref),
  };
  const links = Object.entries(response.links ?? {}).map(([name, raw]) => readLink(name, deref(raw)));
  if (links.length > 0) result.links = links;
  return result;
}

/** A link as written; `resolveLinks`, once every operation is read, turns a local `operationRef` into an operationId. */
function readLink(name: string, link: OpenAPIV3.LinkObject): ApiLink {
  const result: ApiLink = {
    name,
    parameters: Object.entries(link.parameters ?? {}).map(([parameter, value]) => ({ name: parameter, value })),
  };
  if (typeof link.operationId === 'string') result.operationId = link.operationId;
  else if (typeof link.operationRef === 'string') result.operationRef = link.operationRef;
  if (link.description) result.description = link.description;
  return result;
}

/**
 * Once every operation is read: a link's local `operationRef` (`#/paths/~1events~1{eventId}/get`) becomes the
 * operationId of the operation written there; links to operations the description lacks are one warning, with
 * their count (the page names each without a link), and links by an `operationRef` outside it another.
 */
export function resolveLinks(operations: readonly ApiOperation[]): SpecProblem[] {
  // Where each operation is written, and (for a path item kept elsewhere, `$ref`'d) where its path says it is.
  const byPointer = new Map(operations.map((o) => [o.pointer, o.operationId]));
  for (const o of operations) {
    if (!sentByApi(o)) byPointer.set(`/paths/${escapeSegment(o.path)}/${o.method}`, o.operationId);
  }
  const ids = new Set(operations.map((o) => o.operationId));
  // One warning of each, at the first such link, with how many there are: a description that gets one wrong often
  // gets many.
  const lost: { pointer: string; link: string; target: string }[] = [];
  const elsewhere: { pointer: string; link: string; target: string }[] = [];
  for (const operation of operations) {
    for (const response of operation.responses) {
      for (const link of response.links ?? []) {
        const pointer = `${operation.pointer}/responses/${escapeSegment(response.status)}/links/${escapeSegment(link.name)}`;
        if (link.operationRef !== undefined && !link.operationRef.startsWith('#/')) {
          elsewhere.push({ pointer: `${pointer}/operationRef`, link: link.name, target: link.operationRef });
        }
        if (link.operationRef?.startsWith('#/')) {
          const found = byPointer.get(decodeURIComponent(link.operationRef.slice(1)));
          // A local operationRef that leads to no operation is as lost as an unknown operationId.
          link.operationId = found ?? link.operationRef;
          delete link.operationRef;
        }
        if (link.operationId !== undefined && !ids.has(link.operationId)) {
          lost.push({ pointer, link: link.name, target: link.operationId });
        }
      }
    }
  }
  return [...lostLinkWarnings(lost), ...elsewhereLinkWarnings(elsewhere)];
}

function lostLinkWarnings(lost: { pointer: string; link: string; target: string }[]): SpecProblem[] {
  const [first] = lost;
  if (!first) return [];
  return [
    {
      severity: 'warning',
      pointer: first.pointer,
      message:
        lost.length === 1
          ? `The link "${first.link}" leads to the operation "${first.target}", which the description does not have; it is shown without a link.`
          : `${lost.length} links lead to operations the description does not have, such as "${first.link}" here (to "${first.target}"); they are shown without a link.`,
    },
  ];
}

/**
 * Links whose `operationRef` points outside the description (another file, a URL): the page names the operation by
 * that reference, as text. Only operations of this description are linked, and only http(s) and mailto URLs are.
 */
function elsewhereLinkWarnings(elsewhere: { pointer: string; link: string; target: string }[]): SpecProblem[] {
  const [first] = elsewhere;
  if (!first) return [];
  return [
    {
      severity: 'warning',
      pointer: first.pointer,
      message:
        elsewhere.length === 1
          ? `The link "${first.link}" names its operation by the \`operationRef\` "${first.target}", outside this description; it is shown as text, not a link.`
          : `${elsewhere.length} links name their operation by an \`operationRef\` outside this description, such as "${first.link}" here ("${first.target}"); they are shown as text, not links.`,
      hint: 'Link to an operation of this description by its operationId, or by a local operationRef (#/paths/…).',
    },
  ];
}
