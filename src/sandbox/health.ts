/**
 * `GET /sandbox/health`, for load balancers and uptime checks: 200 while the store answers, 503 while it does not.
 * Not an operation of the API: no key, no rate limit, no CORS.
 */
import type { Handler } from 'hono';
import { storeUnavailable } from './api-error.ts';
import type { SandboxStore } from './store/sandbox-store.ts';

export const healthPath = '/sandbox/health';

export function healthCheck(store: Pick<SandboxStore<unknown>, 'ping'>): Handler {
  return async (c) => {
    try {
      await store.ping();
      return c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' });
    } catch {
      const failure = storeUnavailable();
      return c.json({ code: failure.code, message: failure.message, status: 503 }, 503, {
        ...failure.headers,
        'Cache-Control': 'no-store',
      });
    }
  };
}
