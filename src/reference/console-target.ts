/** Build-time data for the live console: what each operation page tells it, derived from the model. */
import {
  type ConsoleParameter,
  type ConsoleTarget,
  type KeyForm,
  PASS_THROUGH_PATH,
  type PageRequest,
  type PassThroughTarget,
  type SandboxTarget,
} from '../contracts/console-target.ts';
import {
  type ApiModel,
  type ApiOperation,
  type ApiParameter,
  type ApiSecurityScheme,
  describedSandboxPlan,
  type ExampleRequest,
  exampleRequest,
  issuedKeysPath,
  oncePerModel,
  operationById,
  passThroughBases,
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

/** What the pass-through reaches: the description's servers but the sandbox, once per model (every page asks). */
const passThroughServers = oncePerModel(passThroughBases);

/**
 * `sandbox`: the one the console calls (`publishing/console-sandbox.ts`); by default the description's own, as
 * `npm run dev` has it. `authenticationGuide`: the Authentication guide's site path, where the site ships it (the
 * guide outline, `publishing/guide-outline.ts`). `passThrough`: portal.json's `tryIt.passThrough`.
 */
export function consoleTarget(
  model: ApiModel,
  operation: ApiOperation,
  sandbox: ConsoleSandbox | undefined = consoleSandbox(model, { dev: true }),
  authenticationGuide?: string,
  passThrough = false,
): ConsoleTarget {
  const through = passThrough && sandbox ? passThroughTarget(model, sandbox) : undefined;
  const urls = referenceUrls(model);
  const apiKey = keyScheme(operation, sandbox);
  // Demo keys are shared by everyone who has them: fine on one's own machine, not on a sandbox open to the world,
  // where one visitor could use up (or get banned) the key of all. There, each visitor gets a key of their own.
  const demoKeys = sandbox?.hosted ? [] : sandboxDemoKeys(model).map(({ plan, key }) => ({ plan, key }));
  // A sandbox made from the description issues keys itself, where the description lists no issuer.
  const issuer =
    apiKey && demoKeys.length === 0
      ? (sandboxKeyIssuer(model) ?? (sandbox?.madeFromDescription ? { path: issuedKeysPath } : undefined))
      : undefined;
  const form = apiKey && keyForm(apiKey.scheme);
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
    ...(through ? { passThrough: through } : {}),
    ...(apiKey ? { apiKeyScheme: apiKey.scheme.key } : {}),
    ...(form && form.kind !== 'apiKey' ? { keyForm: form } : {}),
    ...(apiKey && demoKeys.length > 0 ? { sandboxDemoKeys: demoKeys } : {}),
    ...(operation.requiredPlan ? { requiredPlan: operation.requiredPlan } : {}),
    ...(authenticationGuide ? { authenticationGuideUrl: authenticationGuide } : {}),
    ...(deprecation ? { deprecation } : {}),
    request: pageRequest(model, exampleRequest(model.schemaResolver, operation), operation.parameters),
    documentedHeaders: Object.fromEntries(
      operation.responses.map((response) => [response.status, response.headers.map((header) => header.name)]),
    ),
  };
}

/** The console's servers with the sandbox it calls in the place of the description's (or first, if it names none). */
function serversWith(servers: string[], sandbox: ConsoleSandbox | undefined): string[] {
  if (!sandbox) return servers;
  if (!sandbox.describedUrl) return [...new Set([sandbox.url, ...servers])];
  return servers.map((url) => (url === sandbox.describedUrl ? sandbox.url : url));
}

/** The sandbox service's pass-through, when the description lists servers besides the sandbox for it to reach. */
function passThroughTarget(model: ApiModel, sandbox: ConsoleSandbox): PassThroughTarget | undefined {
  const servers = passThroughServers(model);
  if (servers.length === 0) return undefined;
  return { url: `${sandbox.url.replace(/\/+$/, '')}${PASS_THROUGH_PATH}`, servers };
}

function sandboxTarget(sandbox: ConsoleSandbox, issuerUrl: string | undefined, model: ApiModel): SandboxTarget {
  return {
    url: sandbox.url,
    ...(sandbox.describedUrl ? { describedUrl: sandbox.describedUrl } : {}),
    hosted: sandbox.hosted,
    ...(issuerUrl ? { keyIssuer: { url: issuerUrl, plans: issuedPlans(model, sandbox) } } : {}),
  };
}

/** The plans a sandbox issues keys on: the description's, or the one plan of a sandbox made from it. */
function issuedPlans(model: ApiModel, sandbox: ConsoleSandbox): string[] {
  const plans = planOrder(model);
  return plans.length === 0 && sandbox.madeFromDescription ? [describedSandboxPlan] : plans;
}

/**
 * The scheme the console fills a key into: the operation's API key. On a sandbox made from the description, which
 * takes any credential of the declared form, the first scheme of its first requirement, whatever its form.
 */
function keyScheme(operation: ApiOperation, sandbox: ConsoleSandbox | undefined) {
  const schemes = operation.security.flatMap((requirement) => requirement.schemes);
  const apiKey = schemes.find(({ scheme }) => scheme.type === 'apiKey');
  if (apiKey || !sandbox?.madeFromDescription) return apiKey;
  return operation.security[0]?.schemes.find(({ scheme }) => keyForm(scheme) !== undefined);
}

/** How a key goes into a scheme's credential, for the console's secrets. */
function keyForm(scheme: ApiSecurityScheme): KeyForm | undefined {
  if (scheme.type === 'apiKey') return { kind: 'apiKey' };
  if (scheme.type === 'http') {
    const http = scheme.httpScheme?.toLowerCase();
    return http === 'basic' ? { kind: 'basic' } : http === 'bearer' ? { kind: 'bearer' } : undefined;
  }
  if (scheme.type === 'oauth2') return { kind: 'oauth2', flows: (scheme.oauthFlows ?? []).map((f) => f.flow) };
  if (scheme.type === 'openIdConnect') return { kind: 'bearer' };
  return undefined;
}

/**
 * The example request as the console takes it: each parameter written out whole (the console then follows no
 * `$ref` and merges no levels itself), with the value the samples send, or the one it shows for those they leave out.
 */
function pageRequest(model: ApiModel, request: ExampleRequest, parameters: readonly ApiParameter[]): PageRequest {
  return {
    parameters: parameters.map((parameter) => {
      const sent = request.parameters.find((p) => p.in === parameter.in && p.name === parameter.name);
      const written = consoleParameter(parameter);
      if (sent && 'value' in sent) return { ...written, examples: { page: { value: sent.value } } };
      const shown = shownValue(model, parameter);
      return shown === undefined ? written : { ...written, examples: { page: { value: shown, 'x-disabled': true } } };
    }),
    ...(request.body ? { body: request.body } : {}),
  };
}

/** The parameter as Scalar reads it. Its description is left out: the page beside the console shows it, and on every page it would double the console data. */
function consoleParameter(parameter: ApiParameter): ConsoleParameter {
  const { name, in: location, required, deprecated, schema, style, explode, allowReserved } = parameter;
  return {
    name,
    in: location,
    required,
    ...(deprecated ? { deprecated: true as const } : {}),
    ...(schema !== undefined ? { schema } : {}),
    ...(style !== undefined ? { style } : {}),
    ...(explode !== undefined ? { explode } : {}),
    ...(allowReserved !== undefined ? { allowReserved } : {}),
  };
}

/** The value Scalar would fill an optional parameter with: its example, else its schema's default, enum or example. */
function shownValue(model: ApiModel, parameter: ApiParameter): unknown {
  const example = parameter.examples[0]?.value;
  if (example !== undefined) return example;
  const schema = parameter.schema ? model.schemaResolver.resolve(parameter.schema) : undefined;
  return schema?.default ?? schema?.enum?.[0] ?? schema?.example;
}
