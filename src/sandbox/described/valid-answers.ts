/**
 * Answers made valid against the description. A description's examples can break its own schemas (Docker Engine's
 * property examples do), and an answer built from them then breaks them too; a sandbox made from the description
 * must still answer what the description promises. So an answer that is not valid is mended, a bounded number of
 * times: a field the schema does not allow is left out, and a wrong or missing one becomes the plainest value of
 * its schema's type (an empty list or object, 0, false, ''), which the schema then checks again.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { isRecord, type SchemaOrRef, type SchemaResolver } from '../../openapi/index.ts';
import type { SpecSchemas, ValueProblem } from '../spec-schemas.ts';

/** Rounds of mending: each mends every problem Ajv reports; real answers need two or three. */
const mendingRounds = 8;

/** `value` if it is valid against `schema`, else mended; undefined when it cannot be mended. */
export function validAnswer(
  value: unknown,
  schema: SchemaOrRef,
  schemas: SpecSchemas,
  resolver: SchemaResolver,
): unknown {
  let problems = schemas.check(schema, value);
  if (problems.length === 0) return value;
  let mended: unknown = structuredClone(value);
  for (let round = 0; round < mendingRounds && problems.length > 0; round++) {
    for (const problem of problems) mended = mend(mended, problem, resolver);
    problems = schemas.check(schema, mended);
  }
  return problems.length === 0 ? mended : value;
}

function mend(value: unknown, problem: ValueProblem, resolver: SchemaResolver): unknown {
  const at = problem.segments;
  if (problem.kind === 'unknown') {
    remove(walk(value, at.slice(0, -1)), at[at.length - 1] ?? '');
    return value;
  }
  const schema =
    problem.kind === 'required'
      ? fieldSchema(problem.schema, at[at.length - 1] ?? '', resolver)
      : problem.schema && resolver.resolve(problem.schema);
  const plain = plainValue(schema, resolver);
  if (at.length === 0) return plain;
  set(walk(value, at.slice(0, -1)), at[at.length - 1] as string, plain);
  return value;
}

function fieldSchema(
  object: OpenAPIV3.SchemaObject | undefined,
  name: string,
  resolver: SchemaResolver,
): OpenAPIV3.SchemaObject | undefined {
  const field = object?.properties?.[name];
  return field ? resolver.resolve(field) : undefined;
}

/** The plainest value of a schema: its default or first enum value, else an empty value of its type. */
function plainValue(schema: OpenAPIV3.SchemaObject | undefined, resolver: SchemaResolver): unknown {
  if (!schema) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.[0] !== undefined) return schema.enum[0];
  switch (schema.type) {
    case 'array':
      return [];
    case 'object': {
      // Its required fields, each plain: an empty object would miss them.
      const fields = (schema.required ?? []).map((name) => [
        name,
        plainValue(fieldSchema(schema, name, resolver), resolver),
      ]);
      return Object.fromEntries(fields);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return schema.properties ? {} : null;
  }
}

function walk(value: unknown, at: readonly string[]): unknown {
  let here = value;
  for (const key of at) {
    if (Array.isArray(here)) here = here[Number(key)];
    else if (isRecord(here)) here = here[key];
    else return undefined;
  }
  return here;
}

function remove(parent: unknown, key: string): void {
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (isRecord(parent)) delete parent[key];
}

function set(parent: unknown, key: string, item: unknown): void {
  if (Array.isArray(parent)) parent[Number(key)] = item;
  else if (isRecord(parent)) parent[key] = item;
}
