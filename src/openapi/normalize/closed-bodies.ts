/**
 * When the server refuses unknown body fields (`x-request-policy`), each JSON body schema must say so
 * (`additionalProperties: false`): otherwise clients and validators generated from the description accept fields
 * the server refuses.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { escapeSegment } from '../json-pointer.ts';
import { isJsonMediaType } from '../media-type.ts';
import { type ApiOperation, sentByApi } from '../model.ts';
import type { SpecProblem } from '../spec-problem.ts';
import type { Deref } from './context.ts';

export function checkClosedBodies(operations: readonly ApiOperation[], deref: Deref): SpecProblem[] {
  return operations.flatMap((operation) => {
    if (sentByApi(operation)) return [];
    const media = operation.requestBody?.content.find((m) => isJsonMediaType(m.mediaType));
    if (!media?.schema) return [];
    const schema = deref<OpenAPIV3.SchemaObject>(media.schema);
    const isObject = schema.type === 'object' || schema.properties !== undefined || schema.allOf !== undefined;
    if (!isObject || schema.additionalProperties === false) return [];
    return [
      {
        severity: 'warning' as const,
        pointer: `${operation.pointer}/requestBody/content/${escapeSegment(media.mediaType)}/schema`,
        message:
          "x-request-policy refuses unknown body fields, but this request body's schema allows them (it does not set additionalProperties: false).",
        hint: 'Give the body its own schema that lists every accepted field and sets additionalProperties: false, or set x-request-policy.unknownFields to ignore.',
      },
    ];
  });
}
