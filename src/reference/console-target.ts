/** Build-time data for the live console: what each operation page tells it, derived from the model. */
import type { ConsoleTarget } from '../console/console-target.ts';
import {
  type ApiModel,
  type ApiOperation,
  exampleRequest,
  oncePerModel,
  operationById,
  sandboxDemoKeys,
  sandboxServer,
} from '../openapi/index.ts';
import { httpServerUrl } from '../publishing/host-files.ts';
import { operationTitle, referenceUrls } from './routes.ts';
import { sitePath } from './site-path.ts';

/** Stands for the page a relative server is resolved against: any http(s) address gives the same answer. */
const PAGE = 'https://portal.invalid/';

/**
 * The server URLs (as written) the console may send to, of the document and of every operation: those that are
 * http(s) once their variables take their defaults, relative ones resolved against the page. A `javascript:`
 * server is left out: the console preselected it and sent `/javascript:…` to the portal's own origin.
 */
const consoleServers = oncePerModel((model: ApiModel) => [
  ...new Set(
    [...model.servers, ...model.operations.flatMap((operation) => operation.servers)]
      .filter((server) => httpServerUrl(server, PAGE) !== undefined)
      .map((server) => server.url),
  ),
]);

export function consoleTarget(model: ApiModel, operation: ApiOperation): ConsoleTarget {
  const urls = referenceUrls(model);
  const sandbox = sandboxServer(model);
  const apiKey = operation.security
    .flatMap((requirement) => requirement.schemes)
    .find(({ scheme }) => scheme.type === 'apiKey');
  const demoKeys = sandboxDemoKeys(model).map(({ plan, key }) => ({ plan, key }));
  const successor = operationById(model, operation.deprecation?.successor);
  const deprecation = operation.deprecation
    ? {
        ...(operation.deprecation.sunset ? { sunset: operation.deprecation.sunset } : {}),
        ...(successor ? { successor: { title: operationTitle(successor), url: urls.operation(successor) } } : {}),
      }
    : undefined;
  return {
    documentUrl: sitePath('/openapi.json'),
    method: operation.method,
    path: operation.path,
    servers: consoleServers(model),
    ...(sandbox ? { sandboxUrl: sandbox.url } : {}),
    ...(apiKey ? { apiKeyScheme: apiKey.scheme.key } : {}),
    ...(apiKey && demoKeys.length > 0 ? { sandboxDemoKeys: demoKeys } : {}),
    ...(operation.requiredPlan ? { requiredPlan: operation.requiredPlan } : {}),
    authenticationGuideUrl: sitePath('/guides/authentication/'),
    ...(deprecation ? { deprecation } : {}),
    request: exampleRequest(model.schemaResolver, operation),
    documentedHeaders: Object.fromEntries(
      operation.responses.map((response) => [response.status, response.headers.map((header) => header.name)]),
    ),
  };
}
