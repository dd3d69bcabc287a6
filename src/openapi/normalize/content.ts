/** Media types, request bodies, responses, headers and their examples → the model's shapes. */
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord } from '../json-pointer.ts';
import type { ApiExample, ApiHeader, ApiMediaType, ApiRequestBody, ApiResponse, SchemaOrRef } from '../model.ts';
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
    if (media.schema) result.schema = media.schema;
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
  if (schema) result.schema = schema;
  return result;
}

export function readResponse(status: string, response: OpenAPIV3.ResponseObject, deref: Deref): ApiResponse {
  const headers = Object.entries(response.headers ?? {}).map(([name, raw]) =>
    readParameterFields(name, deref<OpenAPIV3.HeaderObject>(raw), deref),
  );
  return { status, description: response.description, headers, content: readContent(response.content, deref) };
}
