/**
 * Which sandbox the live console calls. The description names a local one (the server with `x-demo-keys`, which
 * `npm run sandbox` starts); a published site's visitors do not have it. So a build takes the hosted sandbox's public
 * address from `SANDBOX_URL` and the console calls that in the local one's place; `npm run dev` always calls the
 * local one. A build without `SANDBOX_URL` keeps the local one, and says so (`localSandboxWarning`). The local one
 * is where this machine's sandbox listens: moved to SANDBOX_PORT when that is set, in dev and in a build alike (the
 * tests build the site against a sandbox on a free port).
 */
import { PASS_THROUGH_PATH } from '../contracts/console-target.ts';
import { type ApiModel, httpServerUrl, passThroughBases, sandboxServer } from '../openapi/index.ts';
import { listedApiId } from './listed-api.ts';

export interface ConsoleSandbox {
  /** The address the console sends to: the hosted one without a trailing slash, the local one as written. */
  url: string;
  /** The description's sandbox server (its URL as written) that `url` stands in for, if it names one. */
  describedUrl?: string;
  /** Set when `url` is the hosted sandbox (`SANDBOX_URL`), which every visitor reaches. */
  hosted: boolean;
  /**
   * Set when the description names no sandbox server: the sandbox is one made from the description
   * (`src/sandbox/described/`), which issues personal keys at `issuedKeysPath` on `describedSandboxPlan`.
   */
  madeFromDescription?: true;
}

/** SANDBOX_PORT, when it is a port: where `npm run sandbox` (and so `npm run dev`'s sandbox) listens instead. */
function sandboxPort(env: Env): number | undefined {
  const port = Number(env.SANDBOX_PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
}

/** Where `npm run sandbox` listens for a description that names no sandbox server: SANDBOX_PORT, else 4010. */
export function localSandboxUrl(env: Env = process.env): string {
  return `http://localhost:${sandboxPort(env) ?? 4010}`;
}

/**
 * The description's sandbox server as `npm run sandbox` runs it on this machine: a local one (localhost) moved to
 * SANDBOX_PORT when that is set (the sandbox listens there), else as written. Before, the console kept calling the
 * written port, where some other process's sandbox may answer. A sandbox server elsewhere (a hosted one the
 * description names) is never moved.
 */
function localSandboxAt(described: string, env: Env): string {
  const port = sandboxPort(env);
  const url = new URL(described);
  if (port === undefined || !isLocalAddress(described)) return described;
  url.port = String(port);
  return described.endsWith('/') ? url.href : url.href.replace(/\/$/, '');
}

/** Whether `address` is on this machine (localhost, 127.0.0.1, [::1]), where `npm run sandbox` listens. */
const isLocalAddress = (address: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(address).hostname);

/** The build setting that holds the hosted sandbox's public address. */
export const sandboxUrlSetting = 'SANDBOX_URL';

type Env = Record<string, string | undefined>;

/** `SANDBOX_URL` checked: an absolute http(s) address with no query or fragment. A bad one is a build error. */
export function hostedSandboxUrl(env: Env = process.env): string | undefined {
  const raw = env[sandboxUrlSetting]?.trim();
  if (!raw) return undefined;
  return sandboxAddress(
    raw,
    sandboxUrlSetting,
    "the hosted sandbox's public address, for example https://sandbox.example.org",
  );
}

/**
 * `raw` as a sandbox's address: an absolute http(s) URL with no query, fragment or user, without its trailing slash;
 * else a SandboxUrlError naming the setting (`named`) and saying what to give instead (`wanted`).
 */
export function sandboxAddress(raw: string, named: string, wanted: string): string {
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new SandboxUrlError(`${named} is ${JSON.stringify(raw)}, which is not an http(s) address: give ${wanted}.`);
  }
  return url.href.replace(/\/$/, '');
}

export class SandboxUrlError extends Error {}

/**
 * The sandbox the console calls in `dev` (the local one) or in a build (the hosted one, else the local one). For an
 * API of a site of several (`site/listed-api.ts`), that sandbox service's `/<id>`, where it serves that API
 * (`src/sandbox/main.ts`): the hosted one's, or this machine's (SANDBOX_PORT, else 4010, whatever port the
 * description's own sandbox server names). A sandbox server the description names elsewhere than this machine is
 * the API's own, and is called as written.
 */
export function consoleSandbox(
  model: ApiModel,
  { dev, env = process.env }: { dev: boolean; env?: Env },
): ConsoleSandbox | undefined {
  const sandbox = ownSandbox(model, dev, env);
  const id = listedApiId(model);
  if (!sandbox || id === undefined) return sandbox;
  if (sandbox.hosted) return { ...sandbox, url: `${sandbox.url}/${id}` };
  if (sandbox.describedUrl && !isLocalAddress(sandbox.describedUrl)) return sandbox;
  return { ...sandbox, url: `${localSandboxUrl(env)}/${id}` };
}

/** The sandbox the console of a one-API site calls: its own sandbox service serves that API at its root. */
function ownSandbox(model: ApiModel, dev: boolean, env: Env): ConsoleSandbox | undefined {
  const described = sandboxServer(model);
  const hosted = dev ? undefined : hostedSandboxUrl(env);
  const made = described ? {} : { madeFromDescription: true as const };
  if (hosted) return { url: hosted, ...(described ? { describedUrl: described.url } : {}), hosted: true, ...made };
  // `npm run dev` starts a sandbox for any description; a build without SANDBOX_URL has none to offer for one
  // that names no sandbox server, so its console calls the description's own servers.
  if (!described) return dev ? { url: localSandboxUrl(env), hosted: false, ...made } : undefined;
  return { url: localSandboxAt(described.url, env), describedUrl: described.url, hosted: false };
}

/**
 * For a build without `SANDBOX_URL` whose description's sandbox is on this machine (localhost): the published
 * console would call an address only a reader running the sandbox has. Undefined when there is nothing to say.
 */
export function localSandboxWarning(model: ApiModel, env: Env = process.env): string | undefined {
  const described = sandboxServer(model);
  if (!described || hostedSandboxUrl(env)) return undefined;
  const host = httpServerUrl(described)?.hostname;
  if (host !== 'localhost' && host !== '127.0.0.1' && host !== '[::1]') return undefined;
  // An API of a site of several: the sandbox service's address for it.
  const called = listedApiId(model)
    ? (consoleSandbox(model, { dev: false, env })?.url ?? described.url)
    : described.url;
  return `The live console will call the sandbox at ${called}, which visitors of the published site do not have. Set ${sandboxUrlSetting} to the hosted sandbox's public address (see the Publishing guide, "Hosting the sandbox").`;
}

/**
 * What a build says about portal.json's `tryIt.passThrough` when it is on: which servers the console reaches through
 * which sandbox service's `/proxy`, or (a warning) why it cannot: no sandbox service, or no server besides it.
 */
export function passThroughNote(model: ApiModel, env: Env = process.env): { level: 'info' | 'warn'; message: string } {
  const sandbox = consoleSandbox(model, { dev: false, env });
  const servers = passThroughBases(model);
  if (!sandbox) {
    return {
      level: 'warn',
      message: `portal.json turns on tryIt.passThrough, but there is no sandbox service to pass through (set ${sandboxUrlSetting}): the console calls the servers directly.`,
    };
  }
  if (servers.length === 0) {
    return {
      level: 'warn',
      message:
        'portal.json turns on tryIt.passThrough, but the description lists no absolute http(s) server besides the sandbox for it to reach.',
    };
  }
  return {
    level: 'info',
    message: `Try it reaches ${servers.join(', ')} through the pass-through at ${sandbox.url.replace(/\/+$/, '')}${PASS_THROUGH_PATH} (the sandbox service must run with the same description and portal.json).`,
  };
}
