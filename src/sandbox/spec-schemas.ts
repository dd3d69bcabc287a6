/**
 * Values checked against the spec's own schemas (OpenAPI 3.0 Schema Objects)
 * with Ajv, so request validation — and the contract tests' response checks —
 * come from the spec, not from hand-written rules per field.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3 } from 'openapi-types';
import { fromPointer, isRecord, isReference, type SchemaOrRef, type SchemaResolver } from '../openapi/index.ts';

// ajv-formats is CommonJS; its default export arrives wrapped.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default ?? addFormatsModule;

const documentId = 'openapi.json';

/** One problem with a value: where in it (`name`, `items[0].name`) and what the schema expects there. */
export interface ValueProblem {
  /** Dotted path inside the value; "" for the value itself. */
  path: string;
  /** The same path as segments (object keys and array indexes as text). */
  segments: string[];
  /** `required` (missing), `unknown` (undeclared field) or `invalid`. */
  kind: 'required' | 'unknown' | 'invalid';
  /** What the schema expects, in words: "an integer from 1 to 100". */
  expected: string;
  /** The offending value, when there is one. */
  actual?: unknown;
  /** The schema that refused it: the value's own, or for a missing field, its object's. */
  schema?: OpenAPIV3.SchemaObject;
}

export class SpecSchemas {
  readonly #schemas: SchemaResolver;
  readonly #ajv: Ajv;
  readonly #compiled = new WeakMap<object, ValidateFunction>();

  /**
   * `checkFormats: false` leaves `format` unchecked: a sandbox made from another description must take that
   * description's own examples, and real ones break their formats (Train Travel's trip_id example is no UUID).
   */
  constructor(schemas: SchemaResolver, { checkFormats = true }: { checkFormats?: boolean } = {}) {
    this.#schemas = schemas;
    // `nullable` is OpenAPI 3.0's and Ajv knows it; `example`, `x-*` and friends are annotations.
    this.#ajv = new Ajv({
      allErrors: true,
      strict: false,
      verbose: true,
      validateSchema: false,
      validateFormats: checkFormats,
    });
    addFormats(this.#ajv);
    this.#ajv.addSchema(withNumericBounds(schemas.referenceRoot()) as object, documentId);
  }

  /** Follows a reference to the schema it names. */
  resolve(schema: SchemaOrRef): OpenAPIV3.SchemaObject {
    return this.#schemas.resolve(schema);
  }

  /** Problems with `value` against `schema`; empty when it conforms. */
  check(schema: SchemaOrRef, value: unknown): ValueProblem[] {
    const validate = this.#validator(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => this.#toProblem(error));
  }

  /** Body fields the schema does not declare (for `unknownFields: reject`), as paths. */
  unknownFields(schema: SchemaOrRef, value: unknown, path = ''): string[] {
    if (Array.isArray(value)) {
      const items = this.resolve(schema);
      return items.type === 'array' && items.items
        ? value.flatMap((item, i) => this.unknownFields(items.items as SchemaOrRef, item, `${path}[${i}]`))
        : [];
    }
    if (!isRecord(value)) return [];
    const declared = this.#declaredProperties(schema);
    if (declared === 'any') return [];
    return Object.keys(value).flatMap((key) => {
      const child = declared.get(key);
      const at = path ? `${path}.${key}` : key;
      return child ? this.unknownFields(child, value[key], at) : [at];
    });
  }

  /** The top-level fields of `value` that the schema marks read-only (the server's to set). */
  readOnlyFields(schema: SchemaOrRef, value: unknown): string[] {
    if (!isRecord(value)) return [];
    const declared = this.#declaredProperties(schema);
    if (declared === 'any') return [];
    return Object.keys(value).filter((key) => {
      const child = declared.get(key);
      return child !== undefined && this.resolve(child).readOnly === true;
    });
  }

  /** A copy of `value` without the fields the schema marks read-only (ignored on input). */
  withoutReadOnly(schema: SchemaOrRef, value: unknown): unknown {
    const readOnly = new Set(this.readOnlyFields(schema, value));
    if (!isRecord(value) || readOnly.size === 0) return value;
    return Object.fromEntries(Object.entries(value).filter(([key]) => !readOnly.has(key)));
  }

  /** "an integer from 1 to 100", "one of: available, pending, sold", … */
  expectation(schema: SchemaOrRef): string {
    const s = this.resolve(schema);
    if (s.allOf?.length === 1 && s.allOf[0]) return this.expectation(s.allOf[0]);
    if (s.enum) return `one of: ${s.enum.map(String).join(', ')}`;
    const bounds = (low: number | undefined, high: number | undefined, unit = '') =>
      low !== undefined && high !== undefined
        ? ` from ${low} to ${high}${unit}`
        : low !== undefined
          ? ` of at least ${low}${unit}`
          : high !== undefined
            ? ` of at most ${high}${unit}`
            : '';
    switch (s.type) {
      case 'integer':
        return `an integer${bounds(s.minimum, s.maximum)}`;
      case 'number':
        return `a number${bounds(s.minimum, s.maximum)}`;
      case 'boolean':
        return 'true or false';
      case 'array':
        return `a list${bounds(s.minItems, s.maxItems, ' items')}`;
      case 'object':
        return 'an object';
      case 'string': {
        if (s.format === 'date-time') return 'a date-time in ISO 8601 form, such as 2026-11-22T12:00:00Z';
        if (s.format === 'date') return 'a date in the form YYYY-MM-DD';
        const length =
          s.minLength !== undefined && s.maxLength !== undefined
            ? ` of ${s.minLength} to ${s.maxLength} characters`
            : s.maxLength !== undefined
              ? ` of at most ${s.maxLength} characters`
              : s.minLength !== undefined
                ? ` of at least ${s.minLength} characters`
                : '';
        return `a string${length}`;
      }
      default:
        return 'a valid value';
    }
  }

  #validator(schema: SchemaOrRef): ValidateFunction {
    let validate = this.#compiled.get(schema);
    if (!validate) {
      try {
        validate = this.#ajv.compile(
          isReference(schema)
            ? { $ref: `${documentId}${schema.$ref}` }
            : (withNumericBounds(absoluteRefs(schema)) as object),
        );
      } catch {
        // A schema Ajv cannot compile (a `pattern` that is no JavaScript regular expression, a keyword of the
        // wrong type) checks nothing, rather than failing every request that meets it.
        validate = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
      }
      this.#compiled.set(schema, validate);
    }
    return validate;
  }

  #toProblem(error: ErrorObject): ValueProblem {
    const segments = fromPointer(error.instancePath);
    const path = segments.reduce(
      (acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg),
      '',
    );
    if (error.keyword === 'additionalProperties') {
      const extra = String((error.params as { additionalProperty: string }).additionalProperty);
      return {
        path: path ? `${path}.${extra}` : extra,
        segments: [...segments, extra],
        kind: 'unknown',
        expected: 'absent',
      };
    }
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty: string }).missingProperty);
      return {
        path: path ? `${path}.${missing}` : missing,
        segments: [...segments, missing],
        kind: 'required',
        expected: 'present',
        ...(error.parentSchema ? { schema: error.parentSchema as OpenAPIV3.SchemaObject } : {}),
      };
    }
    const parent = error.parentSchema as OpenAPIV3.SchemaObject | undefined;
    return {
      path,
      segments,
      kind: 'invalid',
      expected: parent ? this.expectation(parent) : (error.message ?? 'valid'),
      actual: error.data,
      ...(parent ? { schema: parent } : {}),
    };
  }

  /** Property schemas an object may have (through allOf), or `any` when extra fields are allowed. */
  #declaredProperties(schema: SchemaOrRef): Map<string, SchemaOrRef> | 'any' {
    const s = this.resolve(schema);
    if (s.oneOf || s.anyOf || (s.additionalProperties !== undefined && s.additionalProperties !== false)) return 'any';
    const declared = new Map<string, SchemaOrRef>(Object.entries(s.properties ?? {}));
    for (const part of s.allOf ?? []) {
      const inner = this.#declaredProperties(part);
      if (inner === 'any') return 'any';
      for (const [key, value] of inner) declared.set(key, value);
    }
    return declared;
  }
}

/** An inline schema with its `#/…` references made to point into the registered document. */
function absoluteRefs(value: unknown): object {
  if (Array.isArray(value)) return value.map(absoluteRefs);
  if (!isRecord(value)) return value as object;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith('#')
        ? `${documentId}${child}`
        : absoluteRefs(child),
    ]),
  );
}

/**
 * OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` (a flag on `minimum`/`maximum`) as the numbers the
 * JSON Schema Ajv reads wants. What has none is returned as it is, and so is every part of a value without one:
 * the description is not copied to be read.
 */
function withNumericBounds(value: unknown): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = withNumericBounds(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  if (!isRecord(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    const next = withNumericBounds(child);
    if (next !== child) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof value[flag] !== 'boolean') continue;
    copy ??= { ...value };
    if (value[flag] === true && typeof value[bound] === 'number') {
      copy[flag] = value[bound];
      delete copy[bound];
    } else delete copy[flag];
  }
  return copy ?? value;
}
