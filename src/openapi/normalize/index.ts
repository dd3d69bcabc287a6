/**
 * A checked OpenAPI description, in 3.0's dialect (dialect.ts) → the typed ApiModel. Runs after schema validation
 * and the `$ref` check, so shapes the schema guarantees are trusted; what the schema cannot check (unique
 * operationIds, path parameters, vendor extensions, security names) is checked by the reader of each spec object.
 */
import type { OpenAPIV3 } from 'openapi-types';
import { isolateBidi, withoutControlCharacters } from '../control-characters.ts';
import { readRateLimits } from '../extensions/x-rate-limits.ts';
import { readRequestPolicy } from '../extensions/x-request-policy.ts';
import { toPointer } from '../json-pointer.ts';
import type { ApiModel, ApiSchema } from '../model.ts';
import { SchemaResolver } from '../schema-resolver.ts';
import { uniqueSlugs } from '../slug.ts';
import type { SpecProblem } from '../spec-problem.ts';
import { checkClosedBodies } from './closed-bodies.ts';
import { resolveLinks } from './content.ts';
import { startReading } from './context.ts';
import { readErrorCatalog } from './error-codes.ts';
import { readOperations } from './paths.ts';
import { readSecuritySchemes, securityReader } from './security.ts';
import { readDocumentServers } from './server.ts';
import { assignOperationSlugs, readTags } from './tags.ts';

/** Builds the model; problems (errors and warnings) come back beside it. */
export function normalize(document: OpenAPIV3.Document): { model: ApiModel; problems: SpecProblem[] } {
  const reading = startReading(document);
  const { take, deref, problems } = reading;
  const extensions = document as unknown as Record<string, unknown>;

  const securitySchemes = readSecuritySchemes(reading);
  const readSecurity = securityReader(reading, securitySchemes);
  const security = readSecurity(document.security, '/security');
  const rateLimits = take(readRateLimits(extensions['x-rate-limits']));
  const servers = readDocumentServers(reading, rateLimits);

  const operations = readOperations(reading, { security, servers, rateLimits, readSecurity });
  // A description of models only (a schema or event catalogue) is a site of model pages; with neither operations
  // nor models there is nothing to show.
  const models = Object.keys(document.components?.schemas ?? {}).length;
  if (operations.length === 0 && models === 0) {
    problems.push({
      severity: 'error',
      pointer: '/paths',
      message: 'The description has no operations and no models, so there is nothing to document.',
      hint: 'Add a path with an operation (get, post, …) under `paths`, a webhook under `webhooks`, or models under `components.schemas`.',
    });
  }
  problems.push(...resolveLinks(operations));
  const operationIds = new Set(operations.map((o) => o.operationId));
  for (const operation of operations) {
    const successor = operation.deprecation?.successor;
    if (successor !== undefined && !operationIds.has(successor)) {
      problems.push({
        severity: 'error',
        pointer: `${operation.pointer}/x-successor`,
        message: `\`x-successor\` names "${successor}", but no operation has that operationId.`,
        hint: 'Give the operationId of the operation that replaces this one.',
      });
    }
  }

  const { tags, tagGroups } = readTags(reading, operations);
  assignOperationSlugs(operations, tags);

  const schemaSlug = uniqueSlugs();
  const schemas: ApiSchema[] = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    slug: schemaSlug(name),
    pointer: toPointer(['components', 'schemas', name]),
    schema: deref<OpenAPIV3.SchemaObject>(schema),
  }));
  const errorCodes = readErrorCatalog(reading, operations);

  const title = withoutControlCharacters(document.info.title, '/info/title', 'info.title');
  if (title.problem) problems.push(title.problem);
  const info: ApiModel['info'] = { title: isolateBidi(title.text), version: document.info.version };
  const summary = (document.info as { summary?: unknown }).summary;
  if (typeof summary === 'string') info.summary = summary;
  if (document.info.description) info.description = document.info.description;
  if (document.info.contact) info.contact = { ...document.info.contact };
  if (document.info.license) info.license = { ...document.info.license };

  const model: ApiModel = {
    openapi: document.openapi,
    info,
    servers,
    securitySchemes,
    security,
    operations,
    tags,
    tagGroups,
    schemas,
    errorCodes,
    warnings: [],
    schemaResolver: new SchemaResolver(document),
    source: document as unknown as Record<string, unknown>,
  };
  if (rateLimits) model.rateLimits = rateLimits;
  const requestPolicy = take(readRequestPolicy(extensions['x-request-policy']));
  if (requestPolicy) model.requestPolicy = requestPolicy;
  if (requestPolicy?.unknownFields === 'reject') problems.push(...checkClosedBodies(operations, deref));
  return { model, problems };
}
