/** Build-time data for the live console: what each operation page tells it, derived from the model. */
import type { ConsoleTarget, SandboxTarget } from '../console/console-target.ts';
import {
  type ApiModel,
  type ApiOperation,
  exampleRequest,
  oncePerModel,
  operationById,
  planOrder,
  sandboxDemoKeys,
  sandboxKeyIssuer,
} from '../openapi/index.ts';
import { type ConsoleSandbox, consoleSandbox } from '../publishing/console-sandbox.ts';
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

/**
 * `sandbox`: the one the console calls (`publishing/console-sandbox.ts`); by default the description's own, as
 * `npm run dev` has it.
 */
export function consoleTarget(
  model: ApiModel,
  operation: ApiOperation,
  sandbox: ConsoleSandbox | undefined = consoleSandbox(model, { dev: true }),
): ConsoleTarget {
  const urls = referenceUrls(model);
  const apiKey = operation.security
    .flatMap((requirement) => requirement.schemes)
    .find(({ scheme }) => scheme.type === 'apiKey');
  // Demo keys are shared by everyone who has them: fine on one's own machine, not on a sandbox open to the world,
  // where one visitor could use up (or get banned) the key of all. There, each visitor gets a key of their own.
  const demoKeys = sandbox?.hosted ? [] : sandboxDemoKeys(model).map(({ plan, key }) => ({ plan, key }));
  const issuer = apiKey && demoKeys.length === 0 ? sandboxKeyIssuer(model) : undefined;
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
    servers: serversWith(consoleServers(model), sandbox),
    ...(sandbox
      ? { sandbox: sandboxTarget(sandbox, issuer && `${sandbox.url.replace(/\/$/, '')}${issuer.path}`, model) }
      : {}),
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

/** The console's servers with the sandbox it calls in the place of the description's (or first, if it names none). */
function serversWith(servers: string[], sandbox: ConsoleSandbox | undefined): string[] {
  if (!sandbox) return servers;
  if (!sandbox.describedUrl) return [sandbox.url, ...servers];
  return servers.map((url) => (url === sandbox.describedUrl ? sandbox.url : url));
}

function sandboxTarget(sandbox: ConsoleSandbox, issuerUrl: string | undefined, model: ApiModel): SandboxTarget {
  return {
    url: sandbox.url,
    ...(sandbox.describedUrl ? { describedUrl: sandbox.describedUrl } : {}),
    hosted: sandbox.hosted,
    ...(issuerUrl ? { keyIssuer: { url: issuerUrl, plans: planOrder(model) } } : {}),
  };
}
