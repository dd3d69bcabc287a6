/**
 * Build-time data for the live console: what each operation page tells it
 * (derived from the model), and the description it loads — the spec without
 * the operations whose console is off, so they cannot be reached from inside
 * the console either.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { ConsoleTarget } from '../console/console-target.ts';
import { httpMethods, operationById, sandboxServer } from '../openapi/index.ts';
import type { ApiModel, ApiOperation, HttpMethod } from '../openapi/model.ts';
import { operationTitle, referenceUrls } from './routes.ts';
import { sitePath } from './site-path.ts';

/** Where the console's copy of the description is served. */
export const consoleDocumentPath = '/reference/console-openapi.json';

export function consoleTarget(model: ApiModel, operation: ApiOperation): ConsoleTarget {
  const urls = referenceUrls(model);
  const sandbox = sandboxServer(model);
  const apiKey = operation.security
    .flatMap((requirement) => requirement.schemes)
    .find(({ scheme }) => scheme.type === 'apiKey');
  const successor = operationById(model, operation.deprecation?.successor);
  const deprecation = operation.deprecation
    ? {
        ...(operation.deprecation.sunset ? { sunset: operation.deprecation.sunset } : {}),
        ...(successor ? { successor: { title: operationTitle(successor), url: urls.operation(successor) } } : {}),
      }
    : undefined;
  return {
    documentUrl: sitePath(consoleDocumentPath),
    method: operation.method,
    path: operation.path,
    ...(sandbox ? { sandboxUrl: sandbox.url } : {}),
    ...(apiKey ? { apiKeyScheme: apiKey.scheme.key } : {}),
    ...(deprecation ? { deprecation } : {}),
    documentedHeaders: Object.fromEntries(
      operation.responses.map((response) => [response.status, response.headers.map((header) => header.name)]),
    ),
  };
}

/** The description without operations whose console the spec turns off (and paths left empty). */
export function consoleDocument(model: ApiModel): OpenAPIV3.Document {
  const off = new Set(model.operations.filter((o) => !o.tryIt.enabled).map((o) => `${o.method} ${o.path}`));
  const paths: OpenAPIV3.PathsObject = {};
  for (const [path, item] of Object.entries(model.document.paths)) {
    if (!item) continue;
    const kept = Object.fromEntries(
      Object.entries(item).filter(([key]) => !off.has(`${key} ${path}`)),
    ) as OpenAPIV3.PathItemObject;
    const hasOperation = Object.keys(kept).some((key) => httpMethods.includes(key as HttpMethod));
    if (hasOperation) paths[path] = kept;
  }
  return { ...model.document, paths };
}
