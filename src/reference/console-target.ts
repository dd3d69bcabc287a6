/** Build-time data for the live console: what each operation page tells it, derived from the model. */
import type { ConsoleTarget } from '../console/console-target.ts';
import {
  type ApiModel,
  type ApiOperation,
  exampleRequest,
  operationById,
  sandboxDemoKeys,
  sandboxServer,
} from '../openapi/index.ts';
import { operationTitle, referenceUrls } from './routes.ts';
import { sitePath } from './site-path.ts';

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
