/** A sandbox in memory (no network) on a manual clock, and a small client for it. */
import path from 'node:path';
import { type ApiModel, loadApiModel, resolveSpecPath } from '../../../src/openapi/index.ts';
import { ManualClock } from '../../../src/rate-limits/clock.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/app.ts';
import type { SandboxStore } from '../../../src/sandbox/store/sandbox-store.ts';

let cached: Promise<ApiModel> | undefined;

/** The Pet Store model, loaded once per test file. */
export function petStoreModel(): Promise<ApiModel> {
  cached ??= loadApiModel(resolveSpecPath(path.resolve(import.meta.dirname, '../../..'), {}));
  return cached;
}

export const keys = {
  free: 'demo-free-key',
  pro: 'demo-pro-key',
  business: 'demo-business-key',
  enterprise: 'demo-enterprise-key',
} as const;

export interface Call {
  method: string;
  path: string;
  key?: string | null;
  headers?: Record<string, string>;
  /** An object or array is sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** The address the request comes from, as the connection would give it (none by default). */
  address?: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface TestSandbox extends Sandbox {
  clock: ManualClock;
  call(request: Call): Promise<Reply>;
}

export async function startSandbox(
  options: { store?: SandboxStore; clock?: ManualClock } & Pick<SandboxOptions, 'issuance' | 'trustedProxies'> = {},
): Promise<TestSandbox> {
  const model = await petStoreModel();
  const clock = options.clock ?? new ManualClock();
  const sandbox = createSandbox({ ...options, model, clock });
  const call = async ({
    method,
    path: url,
    key = keys.enterprise,
    headers = {},
    body,
    address,
  }: Call): Promise<Reply> => {
    const init: RequestInit = { method, headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (key !== null) h['X-API-Key'] = key;
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      h['Content-Type'] ??= 'application/json';
    }
    const response = await sandbox.app.request(`http://localhost:4010${url}`, init, connectionFrom(address));
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
  };
  return { ...sandbox, clock, call };
}

/** The Node adapter's bindings for a request from `address` (what `getConnInfo` reads). */
export function connectionFrom(address: string | undefined): object | undefined {
  return address === undefined ? undefined : { incoming: { socket: { remoteAddress: address, remotePort: 40_000 } } };
}
