/**
 * Checks a parsed description against the official OpenAPI JSON schema of its version (3.0, 3.1 or 3.2)
 * (through @seriousme/openapi-schema-validator, which wraps Ajv) and turns
 * Ajv's raw output into a few plain sentences. The schema's `oneOf`
 * alternatives make Ajv report every branch that failed; we keep the most
 * specific complaint and merge the alternatives into one message.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { confine } from './confined.ts';
import { escapeSegment, fromPointer, isRecord, valueAt } from './json-pointer.ts';
import type { SpecProblem } from './spec-problem.ts';

/** The subset of an Ajv error we read. */
interface SchemaViolation {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Problems with the `openapi` field itself; checked first because it picks the schema. */
export function checkVersion(data: unknown): SpecProblem[] {
  if (!isRecord(data)) {
    return [
      {
        severity: 'error',
        pointer: '',
        message: `The file holds ${describeValue(data)}, not an OpenAPI description.`,
        hint: 'An OpenAPI description is a mapping that starts with `openapi: 3.1.1` (or 3.0.x, 3.2.x) and an `info` block.',
      },
    ];
  }
  const version = data.openapi;
  if (version === undefined) {
    // Swagger 2.0 is read, and converted to OpenAPI 3.0 on load (swagger2.ts).
    if (data.swagger === '2.0') return [];
    const swagger = data.swagger !== undefined;
    return [
      {
        severity: 'error',
        pointer: swagger ? '/swagger' : '',
        message: swagger
          ? `The description says \`swagger: ${String(data.swagger)}\`; the portal reads Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2.`
          : 'The `openapi` field is missing.',
        hint: swagger
          ? 'Write the Swagger version as the text "2.0" (quoted in YAML).'
          : 'Add the version at the top of the file, for example `openapi: 3.1.1`.',
      },
    ];
  }
  if (typeof version !== 'string' || !/^3\.[012]\.\d+$/.test(version)) {
    return [
      {
        severity: 'error',
        pointer: '/openapi',
        message: `The description says \`openapi: ${String(version)}\`; the portal reads OpenAPI 3.0.x, 3.1.x and 3.2.x.`,
        hint:
          typeof version === 'string'
            ? 'Write the version as major.minor.patch, for example 3.1.1 (quoted or not); Swagger 2.0 is written `swagger: "2.0"`.'
            : 'Write the version as a string, for example `openapi: 3.1.1`.',
      },
    ];
  }
  return [];
}

/** Every way the document breaks the OpenAPI schema of its version, simplified for people. */
export async function validateAgainstSchema(data: Record<string, unknown>): Promise<SpecProblem[]> {
  return (await violationsOf(data)).map((v) => withoutBlocking(toProblem(v, data), v));
}

async function violationsOf(data: Record<string, unknown>): Promise<SchemaViolation[]> {
  const errors = await schemaErrorsOf(data);
  if (!errors) return [];
  const violations = (errors as SchemaViolation[]).map(asAdditionalProperty).filter((v) => !isTagParent(v));
  return simplifyViolations(violations);
}

/** What the library's validator holds that its types do not declare: the compiled schema of a version. */
interface CompiledSchemas {
  getAjvValidator?: (version: string) => ((data: unknown) => boolean) & { errors?: unknown[] | null };
}

/**
 * One validator for the process: Ajv compiles a version's OpenAPI schema on a validator's first use, 100–250 ms
 * each time, and `astro dev` checks every saved version of the description (spec-watcher.ts).
 */
let validator: (Validator & CompiledSchemas) | undefined;

/**
 * Ajv's errors for the document against its version's schema; undefined when there are none. The compiled schema
 * is called directly where the library allows it: its `validate` then runs its own `$ref` check on a valid
 * document, whose answer we drop (refs.ts reports the same with positions), 1.5 s of every check of GitHub's
 * description. Its `validate` also keeps the last document, which a build would hold to its end.
 */
async function schemaErrorsOf(data: Record<string, unknown>): Promise<unknown[] | undefined> {
  validator ??= new Validator({ allErrors: true });
  const version = schemaVersionOf(data);
  if (version && typeof validator.getAjvValidator === 'function') {
    const validateSchema = validator.getAjvValidator(version);
    return validateSchema(data) ? undefined : (validateSchema.errors ?? undefined);
  }
  const result = await new Validator({ allErrors: true }).validate(data);
  // A string here is the library's own $ref check; ours (refs.ts) reports the same with positions.
  return result.valid || !Array.isArray(result.errors) ? undefined : result.errors;
}

/** The library's name for the document's schema: `2.0`, `3.0`, `3.1` or `3.2` (checkVersion vetted it). */
function schemaVersionOf(data: Record<string, unknown>): string | undefined {
  const written = typeof data.openapi === 'string' ? data.openapi : data.swagger === '2.0' ? '2.0' : undefined;
  return ['2.0', '3.0', '3.1', '3.2'].find((version) => written?.startsWith(version));
}

/**
 * Like validateAgainstSchema, but a mistake confined to one schema or one metadata field is a warning
 * (confined.ts), and `mended` is a copy of `data` the rest of the pipeline can read (undefined: nothing mended).
 * `checked` is what the validator reads (path items inlined); the mends apply to `data` by the same pointers.
 */
export async function validateAndMend(
  data: Record<string, unknown>,
  checked: Record<string, unknown> = data,
): Promise<{ problems: SpecProblem[]; mended?: Record<string, unknown> }> {
  const violations = await violationsOf(checked);
  const version = openapiName(checked);
  const found = violations.map((v) => {
    const problem = withoutBlocking(toProblem(v, checked), v);
    const confined = problem.severity === 'error' ? confine(v, checked, problem.message, version) : undefined;
    return { problem, confined };
  });
  if (!found.some((f) => f.confined)) return { problems: found.map((f) => f.problem) };
  const mended = structuredClone(data);
  // Deepest first, so a schema's own keywords are mended before the schema itself is left out.
  const order = [...found].sort((a, b) => (b.confined?.pointer.length ?? 0) - (a.confined?.pointer.length ?? 0));
  const problems = new Map(
    order.map((f) => {
      const { problem, confined } = f;
      if (!confined?.mend(mended)) return [f, problem];
      const { hint: _hint, ...rest } = problem;
      return [f, { ...rest, severity: 'warning', pointer: confined.pointer, message: confined.message }];
    }),
  );
  return { problems: found.map((f) => problems.get(f) as SpecProblem), mended };
}

/**
 * Small mistakes real descriptions carry that do not stop a page from being drawn: a URL that is not one (not
 * made a link) and a `pattern` that is not text (not shown). They are warnings; PETSTORE_STRICT makes them
 * errors again.
 */
function withoutBlocking(problem: SpecProblem, v: SchemaViolation): SpecProblem {
  const field = fromPointer(v.instancePath).at(-1);
  if (v.keyword === 'format' && String(v.params.format).startsWith('uri')) {
    return {
      ...problem,
      severity: 'warning',
      message: `${problem.message.replace(/\.$/, '')}; it is not made a link.`,
    };
  }
  if (v.keyword === 'type' && field === 'pattern') {
    return { ...problem, severity: 'warning', message: `${problem.message.replace(/\.$/, '')}; it is not shown.` };
  }
  return problem;
}

/** The 3.1 and 3.2 schemas close objects with `unevaluatedProperties`, 3.0's with `additionalProperties`: one wording. */
function asAdditionalProperty(v: SchemaViolation): SchemaViolation {
  if (v.keyword !== 'unevaluatedProperties') return v;
  return { ...v, keyword: 'additionalProperties', params: { additionalProperty: v.params.unevaluatedProperty } };
}

/** OAS 3.2's tag `parent` is accepted in 3.0 descriptions, so groups can be written the 3.2 way already. */
function isTagParent(v: SchemaViolation): boolean {
  return (
    v.keyword === 'additionalProperties' &&
    v.params.additionalProperty === 'parent' &&
    /^\/tags\/\d+$/.test(v.instancePath)
  );
}

/** The rule that turns Ajv's branch-by-branch output into one complaint per place. */
export function simplifyViolations(violations: readonly SchemaViolation[]): SchemaViolation[] {
  // `if` (3.1's and 3.2's security schemes and parameters pick their rules by `type` or `in`) only says its `then`
  // or `else` failed, and their complaints are listed themselves.
  const isSummary = (v: SchemaViolation) =>
    v.keyword === 'oneOf' ||
    v.keyword === 'anyOf' ||
    v.keyword === 'if' ||
    v.schemaPath.startsWith('#/definitions/Reference/');
  const specific = violations.filter((v) => !isSummary(v));
  const kept = withoutMisreadings(specific.length > 0 ? specific : [...violations]);

  // Inside a oneOf, a complaint about a child is more telling than one about its parent.
  const inBranch = (v: SchemaViolation) => /\/(oneOf|anyOf)\/\d+\//.test(v.schemaPath);
  const deepest = kept.filter(
    (v) => !inBranch(v) || !kept.some((o) => inBranch(o) && o.instancePath.startsWith(`${v.instancePath}/`)),
  );

  // Merge alternatives at one place: `in` must be path, or query, or … → one enum.
  const merged = new Map<string, SchemaViolation>();
  for (const v of deepest) {
    const key = `${v.instancePath}\u0000${v.keyword}${v.keyword === 'additionalProperties' ? v.params.additionalProperty : ''}`;
    const previous = merged.get(key);
    if (!previous) {
      merged.set(key, { ...v, params: { ...v.params } });
    } else if (v.keyword === 'enum') {
      previous.params.allowedValues = [...asArray(previous.params.allowedValues), ...asArray(v.params.allowedValues)];
    } else if (v.keyword === 'required' && previous.params.missingProperty !== v.params.missingProperty) {
      previous.params.alternatives = [
        ...asArray(previous.params.alternatives ?? [previous.params.missingProperty]),
        v.params.missingProperty,
      ];
    }
  }
  return [...merged.values()];
}

/**
 * A field called unknown (`flows` is not a field …) that has complaints of its own inside it is one the schema
 * knows: the rules that went into it failed, and the complaint comes from rules that never read it (3.1's
 * `unevaluatedProperties` forgets the fields a failed `then` read; 3.0's other `oneOf` alternatives, an API key
 * scheme for an OAuth one, don't have it). The complaint inside (a `tokenUrl` that is not a URL) is the real one;
 * the others at that place, the fields those alternatives required and the values of theirs they expected
 * (`type` must be apiKey), are misreadings of what the object is.
 */
function withoutMisreadings(violations: SchemaViolation[]): SchemaViolation[] {
  const fieldPath = (v: SchemaViolation) => `${v.instancePath}/${escapeSegment(String(v.params.additionalProperty))}`;
  const entered = (v: SchemaViolation) =>
    v.keyword === 'additionalProperties' &&
    violations.some(
      (o) => o !== v && (o.instancePath === fieldPath(v) || o.instancePath.startsWith(`${fieldPath(v)}/`)),
    );
  const misread = new Set(violations.filter(entered).map((v) => v.instancePath));
  if (misread.size === 0) return violations;
  const parent = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));
  return violations.filter(
    (v) =>
      !entered(v) &&
      !(v.keyword === 'required' && misread.has(v.instancePath)) &&
      !((v.keyword === 'enum' || v.keyword === 'const') && misread.has(parent(v.instancePath))),
  );
}

function toProblem(v: SchemaViolation, data: unknown): SpecProblem {
  const segments = fromPointer(v.instancePath);
  const field = segments.at(-1);
  const subject = field === undefined ? 'The document' : `\`${field}\``;
  const actual = valueAt(data, segments);
  const base = { severity: 'error' as const, pointer: v.instancePath };
  const openapi = openapiName(data);
  switch (v.keyword) {
    case 'required': {
      const alternatives = v.params.alternatives;
      if (Array.isArray(alternatives)) {
        return {
          ...base,
          message: `${subject} needs one of these fields: ${alternatives.map((a) => `\`${String(a)}\``).join(', ')}.`,
        };
      }
      return {
        ...base,
        message: `${subject} is missing the required field \`${String(v.params.missingProperty)}\`.`,
      };
    }
    case 'type':
      return {
        ...base,
        message: `${subject} must be ${article(String(v.params.type))}, but it is ${describeValue(actual)}.`,
      };
    case 'enum': {
      const allowed = [...new Set(asArray(v.params.allowedValues).map(String))];
      return { ...base, message: `${subject} is ${describeValue(actual)}; it must be one of: ${allowed.join(', ')}.` };
    }
    case 'additionalProperties': {
      const name = String(v.params.additionalProperty);
      return {
        ...base,
        pointer: `${v.instancePath}/${escapeSegment(name)}`,
        message: `\`${name}\` is not a field ${openapi} allows here.`,
        hint: v.instancePath.endsWith('/responses')
          ? 'Responses are keyed by an HTTP status such as 200, a range such as 4XX, or `default`.'
          : 'Check the spelling; your own extensions must start with `x-`.',
      };
    }
    case 'pattern':
      return {
        ...base,
        message: `${subject} is ${describeValue(actual)}, which does not match the expected form (${String(v.params.pattern)}).`,
      };
    case 'minProperties':
    case 'minItems':
      return {
        ...base,
        message: `${subject} is empty; it needs at least ${String(v.params.limit)} entr${v.params.limit === 1 ? 'y' : 'ies'}.`,
      };
    case 'format':
      return {
        ...base,
        message: `${subject} is ${describeValue(actual)}, which is not ${formatName(String(v.params.format))}.`,
      };
    default:
      return { ...base, message: `${subject} ${v.message ?? `breaks the ${openapi} schema`}.` };
  }
}

/** The version as a reader names it: "OpenAPI 3.1", "Swagger 2.0". */
function openapiName(data: unknown): string {
  if (isRecord(data) && data.swagger === '2.0' && data.openapi === undefined) return 'Swagger 2.0';
  const version =
    isRecord(data) && typeof data.openapi === 'string' ? data.openapi.split('.').slice(0, 2).join('.') : '3';
  return `OpenAPI ${version}`;
}

/** A format as a reader knows it: `uri-reference` is a URL (one relative to the description's, too). */
function formatName(format: string): string {
  if (/^(uri|iri)(-reference)?$/.test(format)) return 'a URL';
  if (format === 'email') return 'an email address';
  return `a valid ${format}`;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** A value as a reader would name it: `a number (1)`, `a list`, `"qury"`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the text "${value.length > 60 ? `${value.slice(0, 57)}…` : value}"`;
  return `${article(typeof value)} (${String(value)})`;
}
