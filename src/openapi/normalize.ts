/**
 * A checked OpenAPI 3.0 document → the typed ApiModel. Runs after schema
 * validation and the `$ref` check, so shapes the schema guarantees are
 * trusted; everything the schema cannot check (unique operationIds, path
 * parameters, vendor extensions, security names) is checked here.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { ExtensionRead } from './extensions/read-result.ts';
import { primaryBadge, readStability } from './extensions/stability.ts';
import { readTryIt } from './extensions/try-it.ts';
import { readCodeSamples } from './extensions/x-code-samples.ts';
import { readDemoKeys } from './extensions/x-demo-keys.ts';
import { type ErrorCodeEntry, readErrorCodes } from './extensions/x-error-codes.ts';
import { readRateLimits } from './extensions/x-rate-limits.ts';
import { readRequestPolicy } from './extensions/x-request-policy.ts';
import { readRequiredPlan } from './extensions/x-required-plan.ts';
import { readDeprecatedSince, readSunset } from './extensions/x-sunset.ts';
import { buildTagGroups, type DeclaredTag } from './extensions/x-tag-groups.ts';
import { escapeSegment, isRecord, toPointer } from './json-pointer.ts';
import { isJsonMediaType } from './media-type.ts';
import type {
  ApiErrorCode,
  ApiExample,
  ApiHeader,
  ApiMediaType,
  ApiModel,
  ApiOperation,
  ApiParameter,
  ApiRequestBody,
  ApiResponse,
  ApiSchema,
  ApiSecurityRequirement,
  ApiSecurityScheme,
  ApiServer,
  ApiTag,
} from './model.ts';
import { httpMethods, isHttpMethod } from './model.ts';
import { dereference, inlinePathItem } from './refs.ts';
import { slugify, uniqueSlugs } from './slug.ts';
import type { SpecProblem } from './spec-problem.ts';

/** The tag given to operations that have none. */
export const untaggedName = 'Other';

/** Builds the model; problems (errors and warnings) come back beside it. */
export function normalize(document: OpenAPIV3.Document): { model: ApiModel; problems: SpecProblem[] } {
  const problems: SpecProblem[] = [];
  const take = <T>(read: ExtensionRead<T>): T => {
    problems.push(...read.problems);
    return read.value;
  };
  const deref = <T extends object>(value: T | OpenAPIV3.ReferenceObject): T => dereference<T>(document, value);
  const ext = document as unknown as Record<string, unknown>;

  const securitySchemes = readSecuritySchemes(document, deref);
  const schemesByKey = new Map(securitySchemes.map((s) => [s.key, s]));
  const resolveSecurity = (requirements: OpenAPIV3.SecurityRequirementObject[] | undefined, pointer: string) =>
    (requirements ?? []).map(
      (requirement, i): ApiSecurityRequirement => ({
        schemes: Object.entries(requirement).flatMap(([key, scopes]) => {
          const scheme = schemesByKey.get(key);
          if (!scheme) {
            problems.push({
              severity: 'error',
              pointer: `${pointer}/${i}/${escapeSegment(key)}`,
              message: `The security requirement names "${key}", which is not defined under components.securitySchemes.`,
              hint: `Defined schemes: ${[...schemesByKey.keys()].join(', ') || 'none'}.`,
            });
            return [];
          }
          return [{ scheme, scopes }];
        }),
      }),
    );

  const documentSecurity = resolveSecurity(document.security, '/security');
  const rateLimits = take(readRateLimits(ext['x-rate-limits']));
  const documentServers = readServers(document.servers);
  (document.servers ?? []).forEach((server, i) => {
    const demoKeys = take(readDemoKeys((server as unknown as Record<string, unknown>)['x-demo-keys'], i, rateLimits));
    const target = documentServers[i];
    if (demoKeys && target) target.demoKeys = demoKeys;
  });

  // Operations, in document order.
  const operations: ApiOperation[] = [];
  const firstUse = new Map<string, string>();
  for (const path of Object.keys(document.paths ?? {})) {
    const { item: rawItem, pointerOf } = inlinePathItem(document, path, document.paths[path]);
    const item = rawItem as OpenAPIV3.PathItemObject;
    const itemPointer = toPointer(['paths', path]);
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      const pointer = pointerOf(method);
      const raw = operation as unknown as Record<string, unknown>;

      const written = operation.operationId ?? derivedOperationId(method, path);
      const label = `${method.toUpperCase()} ${path}`;
      const previous = firstUse.get(written);
      // A second use is drawn under a suffixed id (and so its own page), in the order the paths are written.
      let operationId = written;
      for (let n = 2; firstUse.has(operationId); n++) operationId = `${written}_${n}`;
      if (previous !== undefined) {
        problems.push({
          severity: 'warning',
          pointer: `${pointer}/operationId`,
          message: `The operationId "${written}" is used twice: by ${previous} and by ${label}, which is called "${operationId}" here.`,
          hint: 'Every operation needs its own operationId; rename one of them.',
        });
      }
      firstUse.set(operationId, label);

      const parameters = mergeParameters(
        [
          { list: item.parameters, pointer: pointerOf('parameters') },
          { list: operation.parameters, pointer: `${pointer}/parameters` },
        ],
        deref,
        problems,
      );
      problems.push(...checkPathParameters(path, parameters, pointer));

      const stabilityLevel = take(readStability(raw, pointer));
      const deprecated = operation.deprecated === true || stabilityLevel === 'deprecated';
      const stability = stabilityLevel === 'deprecated' ? 'stable' : stabilityLevel;
      const sunset = take(readSunset(raw['x-sunset'], `${pointer}/x-sunset`, deprecated));
      const since = take(readDeprecatedSince(raw['x-deprecated-since'], `${pointer}/x-deprecated-since`, deprecated));
      const successor = typeof raw['x-successor'] === 'string' ? raw['x-successor'] : undefined;
      if (Object.hasOwn(raw, 'x-successor') && (successor === undefined || !deprecated)) {
        problems.push({
          severity: 'warning',
          pointer: `${pointer}/x-successor`,
          message:
            successor === undefined
              ? '`x-successor` must be the operationId (text) of the replacing operation; it is ignored.'
              : 'This operation names a successor but is not marked `deprecated: true`; the successor is not shown.',
        });
      }
      const badge = primaryBadge(deprecated, sunset, stability);

      const model: ApiOperation = {
        operationId,
        slug: '',
        method,
        path,
        pointer,
        tags: operation.tags && operation.tags.length > 0 ? [...new Set(operation.tags)] : [untaggedName],
        stability,
        tryIt: take(readTryIt(raw, pointer)),
        security: operation.security ? resolveSecurity(operation.security, `${pointer}/security`) : documentSecurity,
        parameters,
        responses: Object.entries(operation.responses ?? {}).flatMap(([status, raw]) => {
          const response = deref<OpenAPIV3.ResponseObject>(raw);
          if (typeof response.description !== 'string') {
            problems.push(wrongKind(`${pointer}/responses/${escapeSegment(status)}`, 'a response', '`description`'));
            return [];
          }
          return [readResponse(status, response, deref)];
        }),
        codeSamples: take(readCodeSamples(raw, pointer)),
        servers: operation.servers
          ? readServers(operation.servers)
          : item.servers
            ? readServers(item.servers)
            : documentServers,
      };
      if (operation.summary) model.summary = operation.summary;
      if (operation.description) model.description = operation.description;
      if (deprecated) {
        model.deprecation = {};
        if (since) model.deprecation.since = since;
        if (sunset) model.deprecation.sunset = sunset;
        if (successor) model.deprecation.successor = successor;
      }
      if (badge) model.badge = badge;
      const requiredPlan = take(readRequiredPlan(raw['x-required-plan'], `${pointer}/x-required-plan`, rateLimits));
      if (requiredPlan) model.requiredPlan = requiredPlan;
      if (operation.requestBody) {
        const body = deref<OpenAPIV3.RequestBodyObject>(operation.requestBody);
        if (isRecord(body.content)) model.requestBody = readRequestBody(body, deref);
        else problems.push(wrongKind(`${pointer}/requestBody`, 'a request body', '`content`'));
      }
      operations.push(model);
    }
    if (path.includes('?')) {
      problems.push({
        severity: 'warning',
        pointer: itemPointer,
        message: `The path ${path} holds a query string, which a path may not; it is shown as written.`,
        hint: 'Describe query parameters as parameters with `in: query`.',
      });
    }
    if (!Object.keys(item).some(isHttpMethod)) {
      problems.push({ severity: 'warning', pointer: itemPointer, message: `The path ${path} has no operations.` });
    }
  }

  if (operations.length === 0) {
    problems.push({
      severity: 'error',
      pointer: '/paths',
      message: 'The description has no operations, so there is nothing to document.',
      hint: 'Add at least one path with an operation (get, post, …) under `paths`.',
    });
  }

  // Successors must be real operations.
  for (const operation of operations) {
    const successor = operation.deprecation?.successor;
    if (successor !== undefined && !firstUse.has(successor)) {
      problems.push({
        severity: 'error',
        pointer: `${operation.pointer}/x-successor`,
        message: `\`x-successor\` names "${successor}", but no operation has that operationId.`,
        hint: 'Give the operationId of the operation that replaces this one.',
      });
    }
  }

  // Tags: declared ones in their order, then any used without being declared.
  const declared: DeclaredTag[] = [];
  (document.tags ?? []).forEach((tag, index) => {
    if (declared.some((t) => t.name === tag.name)) {
      problems.push({
        severity: 'warning',
        pointer: toPointer(['tags', index]),
        message: `The tag "${tag.name}" is declared twice; the first declaration is used.`,
      });
      return;
    }
    const fields = tag as unknown as Record<string, unknown>;
    const parent = fields.parent ?? fields['x-parent'];
    declared.push({
      name: tag.name,
      index,
      ...(tag.description ? { description: tag.description } : {}),
      ...(typeof parent === 'string' ? { parent } : {}),
    });
  });
  const tagOrder = [...new Set([...declared.map((t) => t.name), ...operations.flatMap((o) => o.tags)])];
  const tagSlug = uniqueSlugs();
  const tags: ApiTag[] = tagOrder
    .map((name) => ({ name, operations: operations.filter((o) => o.tags.includes(name)).map((o) => o.operationId) }))
    .filter((tag) => tag.operations.length > 0)
    .map(({ name, operations: ids }) => {
      const source = document.tags?.find((t) => t.name === name); // the first declaration, as above
      const tag: ApiTag = { name, slug: tagSlug(name), operations: ids };
      if (source?.description) tag.description = source.description;
      if (source?.externalDocs) tag.externalDocs = { ...source.externalDocs };
      return tag;
    });

  const tagGroups = take(
    buildTagGroups(
      declared,
      ext['x-tagGroups'],
      tags.map((t) => t.name),
    ),
  );
  const groupNames = new Set(tagGroups.map((g) => g.name));
  for (const tag of declared) {
    if (!tags.some((t) => t.name === tag.name) && !groupNames.has(tag.name)) {
      problems.push({
        severity: 'warning',
        pointer: toPointer(['tags', tag.index]),
        message: `The tag "${tag.name}" has no operations and names no group; it gets no page.`,
      });
    }
  }

  // Operation slugs: under the first tag, unique across the site.
  const tagSlugs = new Map(tags.map((t) => [t.name, t.slug]));
  const operationSlug = uniqueSlugs();
  for (const operation of operations) {
    const primary = tagSlugs.get(operation.tags[0] ?? untaggedName) ?? slugify(untaggedName);
    operation.slug = `${primary}/${operationSlug(operation.operationId)}`;
  }

  const componentSchemas = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const schemaSlug = uniqueSlugs();
  const schemas: ApiSchema[] = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    slug: schemaSlug(name),
    pointer: toPointer(['components', 'schemas', name]),
    schema: deref<OpenAPIV3.SchemaObject>(schema),
  }));

  const catalog = take(readErrorCodes(componentSchemas));
  if (catalog.length > 0) problems.push(...checkExampleCodes(operations, catalog));
  const errorCodes: ApiErrorCode[] = catalog.map(({ scope, ...entry }) => ({
    ...entry,
    global: scope === 'global',
    operations:
      scope === 'global'
        ? []
        : operations.filter((o) => canReturn(o, entry.code, entry.status)).map((o) => o.operationId),
  }));

  const info: ApiModel['info'] = { title: document.info.title, version: document.info.version };
  const summary = (document.info as { summary?: unknown }).summary;
  if (typeof summary === 'string') info.summary = summary;
  if (document.info.description) info.description = document.info.description;
  if (document.info.contact) info.contact = { ...document.info.contact };
  if (document.info.license) info.license = { ...document.info.license };

  const model: ApiModel = {
    openapi: document.openapi,
    info,
    servers: documentServers,
    securitySchemes,
    security: documentSecurity,
    operations,
    tags,
    tagGroups,
    schemas,
    errorCodes,
    warnings: [],
    document,
    source: document as unknown as Record<string, unknown>,
  };
  if (rateLimits) model.rateLimits = rateLimits;
  const requestPolicy = take(readRequestPolicy(ext['x-request-policy']));
  if (requestPolicy) model.requestPolicy = requestPolicy;
  if (requestPolicy?.unknownFields === 'reject') problems.push(...checkClosedBodies(operations, deref));
  return { model, problems };
}

/**
 * When the server refuses unknown body fields, each JSON body schema must say so
 * (`additionalProperties: false`): otherwise clients and validators generated from the
 * description accept fields the server refuses.
 */
function checkClosedBodies(operations: readonly ApiOperation[], deref: Deref): SpecProblem[] {
  return operations.flatMap((operation) => {
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

type Deref = <T extends object>(value: T | OpenAPIV3.ReferenceObject) => T;

/** `get /pets/{petId}` → `getPetsPetId`, for operations without an operationId. */
function derivedOperationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

/** The error codes a response's examples name (`{code: …}` bodies). */
function exampleCodes(response: ApiResponse): string[] {
  return response.content.flatMap((media) =>
    media.examples.flatMap((example) =>
      isRecord(example.value) && typeof example.value.code === 'string' ? [example.value.code] : [],
    ),
  );
}

/**
 * Whether an operation can return an error code: a response documents its
 * status (or, failing any, a `default` response does), and when that
 * response's examples name codes, this code is among them.
 */
function canReturn(operation: ApiOperation, code: string, status: number): boolean {
  const specific = operation.responses.filter((r) => statusCovers(r.status, status));
  const candidates = specific.length > 0 ? specific : operation.responses.filter((r) => r.status === 'default');
  return candidates.some((r) => {
    const named = exampleCodes(r);
    return named.length === 0 || named.includes(code);
  });
}

/** Example error bodies must use catalog codes with the catalog's status, under a response of that status. */
function checkExampleCodes(operations: readonly ApiOperation[], catalog: readonly ErrorCodeEntry[]): SpecProblem[] {
  const statusOf = new Map(catalog.map((e) => [e.code, e.status]));
  const problems = new Map<string, SpecProblem>();
  for (const operation of operations) {
    for (const response of operation.responses) {
      for (const code of exampleCodes(response)) {
        const status = statusOf.get(code);
        const fits = status !== undefined && (response.status === 'default' || statusCovers(response.status, status));
        if (fits) continue;
        const message =
          status === undefined
            ? `An example error uses the code "${code}", which the error catalog (x-error-codes) does not list.`
            : `An example error uses the code "${code}" under a ${response.status} response, but the catalog gives it status ${status}.`;
        problems.set(message, {
          severity: 'warning',
          pointer: `${operation.pointer}/responses/${escapeSegment(response.status)}`,
          message,
          hint: 'Keep examples, responses and the catalog in agreement: readers copy examples.',
        });
      }
    }
  }
  return [...problems.values()];
}

/** Whether a documented response status (`404`, `4XX`) covers an HTTP status. */
export function statusCovers(documented: string, status: number): boolean {
  if (/^\dXX$/i.test(documented)) return documented[0] === String(status)[0];
  return documented === String(status);
}

function readServers(servers: OpenAPIV3.ServerObject[] | undefined): ApiServer[] {
  if (!servers || servers.length === 0) return [{ url: '/', variables: [] }];
  return servers.map((server) => {
    const result: ApiServer = {
      url: server.url,
      variables: Object.entries(server.variables ?? {}).map(([name, variable]) => {
        const v: ApiServer['variables'][number] = { name, default: String(variable.default) };
        if (variable.enum) v.enum = variable.enum.map(String);
        if (variable.description) v.description = variable.description;
        return v;
      }),
    };
    if (server.description) result.description = server.description;
    return result;
  });
}

function readSecuritySchemes(document: OpenAPIV3.Document, deref: Deref): ApiSecurityScheme[] {
  return Object.entries(document.components?.securitySchemes ?? {}).map(([key, raw]) => {
    const scheme = deref<OpenAPIV3.SecuritySchemeObject>(raw);
    const result: ApiSecurityScheme = { key, type: scheme.type };
    if (scheme.description) result.description = scheme.description;
    if (scheme.type === 'apiKey') result.apiKey = { in: scheme.in as 'header' | 'query' | 'cookie', name: scheme.name };
    if (scheme.type === 'http') result.httpScheme = scheme.scheme;
    return result;
  });
}

/** A `$ref` that resolves, but to something that is not the object its place needs. */
function wrongKind(pointer: string, kind: string, needs: string): SpecProblem {
  return {
    severity: 'error',
    pointer,
    message: `This should be ${kind}, but it (or what its \`$ref\` leads to) has no ${needs}.`,
    hint: `Check that the \`$ref\` points at ${kind}, for example under components.`,
  };
}

/** Path-level parameters, overridden by operation-level ones with the same name and location. */
function mergeParameters(
  levels: { list: OpenAPIV3.PathItemObject['parameters']; pointer: string }[],
  deref: Deref,
  problems: SpecProblem[],
): ApiParameter[] {
  const merged = new Map<string, ApiParameter>();
  for (const { list, pointer } of levels) {
    (list ?? []).forEach((raw, i) => {
      const parameter = deref<OpenAPIV3.ParameterObject>(raw);
      if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') {
        problems.push(wrongKind(`${pointer}/${i}`, 'a parameter', '`name` and `in`'));
        return;
      }
      const result: ApiParameter = {
        ...readParameterFields(parameter.name, parameter, deref),
        in: parameter.in as ApiParameter['in'],
      };
      merged.set(`${parameter.in}\u0000${parameter.name}`, result);
    });
  }
  return [...merged.values()];
}

function checkPathParameters(path: string, parameters: readonly ApiParameter[], pointer: string): SpecProblem[] {
  const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  const problems: SpecProblem[] = [];
  for (const name of inTemplate) {
    if (!declared.has(name)) {
      problems.push({
        severity: 'error',
        pointer,
        message: `The path ${path} has {${name}}, but the operation declares no path parameter "${name}".`,
        hint: `Add a parameter with \`name: ${name}\`, \`in: path\` and \`required: true\`.`,
      });
    }
  }
  for (const name of declared) {
    if (!inTemplate.includes(name)) {
      problems.push({
        severity: 'error',
        pointer,
        message: `The path parameter "${name}" does not appear in the path ${path}.`,
        hint: `Write {${name}} in the path, or change the parameter's location.`,
      });
    }
  }
  return problems;
}

function firstContentSchema(content: Record<string, OpenAPIV3.MediaTypeObject> | undefined) {
  return content ? Object.values(content)[0]?.schema : undefined;
}

function readExamples(
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

function readContent(content: Record<string, OpenAPIV3.MediaTypeObject> | undefined, deref: Deref): ApiMediaType[] {
  return Object.entries(content ?? {}).map(([mediaType, media]) => {
    const result: ApiMediaType = { mediaType, examples: readExamples(media, deref) };
    if (media.schema) result.schema = media.schema;
    // A schema-level example stands in when the media type gives none.
    if (result.examples.length === 0 && media.schema) {
      const schema = deref<OpenAPIV3.SchemaObject>(media.schema);
      if (isRecord(schema) && Object.hasOwn(schema, 'example')) result.examples.push({ value: schema.example });
    }
    return result;
  });
}

function readRequestBody(body: OpenAPIV3.RequestBodyObject, deref: Deref): ApiRequestBody {
  const result: ApiRequestBody = { required: body.required === true, content: readContent(body.content, deref) };
  if (body.description) result.description = body.description;
  return result;
}

/** The fields headers and parameters share in OpenAPI (a header is a parameter without `name` and `in`). */
function readParameterFields(name: string, fields: OpenAPIV3.HeaderObject, deref: Deref): ApiHeader {
  const result: ApiHeader = {
    name,
    required: fields.required === true,
    deprecated: fields.deprecated === true,
    examples: readExamples(fields, deref),
  };
  if (fields.description) result.description = fields.description;
  const schema = fields.schema ?? firstContentSchema(fields.content);
  if (schema) result.schema = schema;
  return result;
}

function readResponse(status: string, response: OpenAPIV3.ResponseObject, deref: Deref): ApiResponse {
  const headers = Object.entries(response.headers ?? {}).map(([name, raw]) =>
    readParameterFields(name, deref<OpenAPIV3.HeaderObject>(raw), deref),
  );
  return { status, description: response.description, headers, content: readContent(response.content, deref) };
}
