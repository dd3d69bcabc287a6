/** Build-time data for the live console: what each operation page tells it, derived from the model. */
import {
  type ConsoleParameter,
  type ConsoleTarget,
  type KeyForm,
  PASS_THROUGH_PATH,
  type PageRequest,
  type PassThroughTarget,
  type SandboxTarget,
} from '../../contracts/console-target.ts';
import {
  type ApiModel,
  type ApiOperation,
  type ApiParameter,
  type ApiSecurityScheme,
  type ApiServer,
  absoluteServerUrl,
  apiHostPlaceholder,
  describedSandboxPlan,
  type ExampleRequest,
  exampleRequest,
  httpServerUrl,
  isHostless,
  issuedKeysPath,
  oncePerModel,
  operationById,
  passThroughBases,
  planOrder,
  sandboxDemoKeys,
  sandboxKeyIssuer,
  type TryItPolicy,
  withDefaults,
} from '../../openapi/index.ts';
import type { ConsoleSandbox } from '../../site/console-sandbox.ts';
import { listedApiId } from '../../site/listed-api.ts';
import { descriptionDownloadPath, operationTitle, referenceUrls } from '../routes.ts';
import { publishedDescriptionUrl } from '../shared/description-address.ts';
import { sitePath } from '../site-path.ts';

/** Each server the description writes (the document's and every operation's), once per URL as written. */
const writtenServers = oncePerModel((model: ApiModel) => {
  const byUrl = new Map<string, ApiServer>();
  for (const server of [...model.servers, ...model.operations.flatMap((operation) => operation.servers)]) {
    if (!byUrl.has(server.url)) byUrl.set(server.url, server);
  }
  return [...byUrl.values()];
});

/** What the pass-through reaches: the description's servers but the sandbox, once per model (every page asks). */
const passThroughServers = oncePerModel(passThroughBases);

/**
 * `sandbox`: the one the console calls (`site/console-sandbox.ts`), none on a build that has none to offer
 * (no default: an absent sandbox fell back to `npm run dev`'s local one on a published page). `authenticationGuide`: the Authentication guide's site path, where the site ships it (the
 * guide outline, `publishing/guide-outline.ts`). `descriptionUrl`: where the site publishes the description, which a
 * server without a host is relative to; when not given, the build's (`description-address.ts`), none when it is
 * unknown. `passThrough`: portal.json's `tryIt.passThrough`.
 */
export function consoleTarget(
  model: ApiModel,
  operation: ApiOperation,
  sandbox: ConsoleSandbox | undefined,
  authenticationGuide?: string,
  options: { descriptionUrl?: string | undefined; passThrough?: boolean | undefined } = {},
): ConsoleTarget {
  const descriptionUrl = 'descriptionUrl' in options ? options.descriptionUrl : publishedDescriptionUrl();
  const passThrough = options.passThrough ?? false;
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
    documentUrl: consoleDocumentUrl(model),
    method: operation.method,
    path: operation.path,
    ...consoleServerList(model, sandbox, descriptionUrl),
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

/**
 * The description the console loads: the site's `/openapi.json`; for an API of a site of several, which has none at
 * the root, its own beside its reference (`/reference/<id>/openapi.json`, an earlier major's below its own path).
 */
function consoleDocumentUrl(model: ApiModel): string {
  return listedApiId(model) === undefined ? sitePath('/openapi.json') : descriptionDownloadPath(model, 'openapi.json');
}

/**
 * Try it for an operation as its page offers it: off, with the reason, where the console would have nothing to call:
 * no sandbox, and none of the operation's servers is an http(s) address (a server that names no host, `/v1.56`, is
 * one only where the build knows the site's address; else the console sent to the docs site itself).
 */
export function tryItWhereServed(
  operation: Pick<ApiOperation, 'tryIt' | 'servers'>,
  sandbox: ConsoleSandbox | undefined,
  { descriptionUrl }: { descriptionUrl?: string | undefined } = { descriptionUrl: publishedDescriptionUrl() },
): TryItPolicy {
  if (!operation.tryIt.enabled || sandbox) return operation.tryIt;
  const called = operation.servers.some((server) => {
    const url = absoluteServerUrl(withDefaults(server), descriptionUrl);
    return url !== undefined && httpServerUrl({ url, variables: [] }) !== undefined;
  });
  if (called) return operation.tryIt;
  const hostless = operation.servers.find((server) => isHostless(withDefaults(server)));
  return {
    enabled: false,
    reason: hostless
      ? `The API's server, ${JSON.stringify(hostless.url)}, names no host, and this site was built without its own address, so the console has nothing to call. The code samples show the request, with ${apiHostPlaceholder} where your API's host goes.`
      : "None of the API's servers is an http(s) address the console could call. The code samples show the request.",
    source: 'servers',
  };
}

/**
 * The servers the console may offer, as written: those that are http(s) once their variables take their defaults
 * and made absolute, a scheme-relative one over https and a relative one on the address the site publishes the
 * description at (`descriptionUrl`; where that is not known, the build says so, `hostlessServers`, and the console
 * lists none of them). With them, the address the console sends to for each written otherwise, and the sandbox it
 * calls in the place of the description's. A `javascript:` server is left out: the console preselected it and sent
 * `/javascript:…` to the portal's own origin.
 */
function consoleServerList(
  model: ApiModel,
  sandbox: ConsoleSandbox | undefined,
  descriptionUrl: string | undefined,
): Pick<ConsoleTarget, 'servers' | 'serverAddresses'> {
  const servers: string[] = [];
  const serverAddresses: { written: string; url: string }[] = [];
  for (const server of writtenServers(model)) {
    // Written absolute (once its variables take their defaults), the console reads it as written, variables and all.
    const filled = withDefaults(server);
    const absolute = absoluteServerUrl(filled, descriptionUrl);
    if (absolute === undefined || httpServerUrl({ url: absolute, variables: [] }) === undefined) continue;
    servers.push(server.url);
    if (absolute !== filled) serverAddresses.push({ written: server.url, url: absolute });
  }
  return { servers: serversWith(servers, sandbox), ...(serverAddresses.length > 0 ? { serverAddresses } : {}) };
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
