/**
 * `call_sandbox`: one request to the sandbox, as the live console sends it — with a personal sandbox key, asked of
 * the operation marked `x-sandbox-key-issuer` the first time a plan needs one and kept while it lasts
 * (`console/personal-keys.ts`), else the description's demo key for the plan. It reaches the operation's own path
 * on that sandbox and nothing else: a path parameter fills one segment and cannot climb out of it.
 */
import type { KeyStorage } from '../console/api-key-store.ts';
import { createPersonalKeys, type PersonalKeys } from '../console/personal-keys.ts';
import { type ApiModel, type ApiOperation, planOrder, sandboxDemoKeys, sandboxKeyIssuer } from '../openapi/index.ts';
import { BadToolInput } from './docs.ts';

export interface SandboxRequest {
  pathParams?: Record<string, string | number | boolean> | undefined;
  query?: Record<string, string | number | boolean | (string | number | boolean)[]> | undefined;
  body?: unknown;
}

export interface SandboxAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Where `call_sandbox` sends an API's requests on the sandbox service at `sandboxUrl`: the service itself for a
 * one-API site's API (`id` undefined), `<sandboxUrl>/<id>` for a listed API's, as the sandbox service serves the
 * APIs of a site of several (`http://localhost:4010/trains/…`). The one place that rule lives: change it here if
 * the service comes to serve them otherwise.
 */
export function sandboxBaseFor(api: { id: string | undefined }, sandboxUrl: string): string {
  const base = sandboxUrl.replace(/\/$/, '');
  return api.id === undefined ? base : `${base}/${encodeURIComponent(api.id)}`;
}

/** A body longer than this is cut, so that one answer cannot flood an agent's context. */
export const answerBodyUpTo = 100_000;
const timeoutMs = 15_000;

export interface SandboxCaller {
  readonly url: string;
  call(operation: ApiOperation, request: SandboxRequest): Promise<SandboxAnswer>;
}

/**
 * A caller for one sandbox. `send` carries the requests (the network by default; the hosted sandbox's `/mcp` calls
 * its own app in-process, as the MCP client). `keyStorage` keeps the personal keys issued to this caller: in its
 * memory unless given (the hosted `/mcp` gives each client a storage of its own, so no two share a key).
 */
export function createSandboxCaller(
  model: ApiModel,
  sandboxUrl: string,
  send: typeof fetch = fetch,
  keyStorage?: KeyStorage,
): SandboxCaller {
  const base = sandboxUrl.replace(/\/$/, '');
  const issuer = sandboxKeyIssuer(model);
  const keys: PersonalKeys | undefined = issuer && createPersonalKeys(`${base}${issuer.path}`, keyStorage, send);
  const apiKey = model.securitySchemes.find((scheme) => scheme.apiKey)?.apiKey;
  const plans = planOrder(model);

  async function keyFor(operation: ApiOperation): Promise<string | undefined> {
    const needsKey = operation.security.some((requirement) => requirement.schemes.some((s) => s.scheme.apiKey));
    if (!apiKey || !needsKey) return undefined;
    const plan = operation.requiredPlan ?? plans[0] ?? 'Free';
    if (keys) return (keys.kept(plan) ?? (await keys.issue(plan))).key;
    return sandboxDemoKeys(model).find((key) => key.plan === plan)?.key ?? sandboxDemoKeys(model)[0]?.key;
  }

  return {
    url: base,
    async call(operation, request) {
      if (operation.webhook || operation.callback) {
        throw new BadToolInput(
          `${operation.operationId} is sent by the API, not called on it: there is nothing to send.`,
        );
      }
      const path = fillPath(operation, request.pathParams ?? {});
      const url = new URL(`${base}${path}`);
      // The description's own path may hold `..` or `//`: what it leads to must still be on the sandbox, below it.
      const root = new URL(`${base}/`);
      if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) {
        throw new BadToolInput(
          `${operation.operationId}'s path ${operation.path} leads out of the sandbox at ${base}: it is not called.`,
        );
      }
      for (const [name, value] of Object.entries(request.query ?? {})) {
        for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one));
      }
      const headers: Record<string, string> = { Accept: 'application/json' };
      const key = await keyFor(operation);
      if (key && apiKey?.in === 'header') headers[apiKey.name] = key;
      if (key && apiKey?.in === 'query') url.searchParams.set(apiKey.name, key);
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await send(url, {
        method: operation.method.toUpperCase(),
        headers,
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      }).catch((error: unknown) => {
        throw new Error(
          `The sandbox at ${base} cannot be reached (${error instanceof Error ? error.message : error}).`,
        );
      });
      const text = await response.text();
      const cut = text.length > answerBodyUpTo;
      const shown = cut ? `${text.slice(0, answerBodyUpTo)}… (${text.length} characters in all)` : text;
      let body: unknown = shown;
      if (!cut && /json/.test(response.headers.get('content-type') ?? '')) {
        try {
          body = JSON.parse(text);
        } catch {
          // Not JSON after all: the text as it came.
        }
      }
      return { status: response.status, headers: Object.fromEntries(response.headers), body };
    },
  };
}

/** The operation's path with each `{name}` filled from `values`; a missing one is an error that names it. */
function fillPath(operation: ApiOperation, values: Record<string, string | number | boolean>): string {
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0) {
    throw new BadToolInput(
      `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) needs pathParams ${missing.join(', ')}.`,
    );
  }
  const unknown = Object.keys(values).filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new BadToolInput(
      `${operation.operationId} has no path parameter ${unknown.join(', ')}${names.length > 0 ? `; it has ${names.join(', ')}` : ''}.`,
    );
  }
  // encodeURIComponent keeps `.` as it is, and a segment `.` or `..` would take the request to another path
  // (`GET /pets/..` is `GET /`); an empty one, to another operation (`/pets/`).
  const climbing = names.filter((name) => ['', '.', '..'].includes(String(values[name])));
  if (climbing.length > 0) {
    throw new BadToolInput(
      `pathParams ${climbing.map((name) => `${name} ${JSON.stringify(String(values[name]))}`).join(', ')} of ${operation.operationId} cannot be sent: a path parameter is one segment of ${operation.path}, and an empty one, "." or ".." would leave it.`,
    );
  }
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
