/**
 * A Pet Store client that behaves well under rate limits:
 * 1. on 429 it waits exactly what Retry-After says (whole seconds), never less;
 * 2. on 5xx or a network error it backs off exponentially with full jitter, up to a cap;
 * 3. it gives up after a few attempts, long before repeated 429s could earn a temporary ban;
 * 4. on 403 api_key_banned it stops and reports when the ban ends.
 */
export interface ClientOptions {
  baseUrl?: string;
  apiKey: string;
  /** Attempts per request, the first included. Keep it well under the ban threshold (10 refusals). */
  maxAttempts?: number;
  /** First back-off for 5xx and network errors, in ms; doubles each time, up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How to wait; replace it in tests. */
  sleep?: (ms: number) => Promise<void>;
}

export class RateLimitedError extends Error {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function createClient(options: ClientOptions) {
  const {
    baseUrl = 'http://localhost:4010',
    apiKey,
    maxAttempts = 4,
    baseDelayMs = 500,
    maxDelayMs = 30_000,
    sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  } = options;

  return async function request(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      try {
        response = await fetch(`${baseUrl}${path}`, {
          ...init,
          headers: { 'X-API-Key': apiKey, ...(init.headers as Record<string, string> | undefined) },
        });
      } catch (error) {
        if (attempt >= maxAttempts) throw error;
      }
      if (response && response.status !== 429 && response.status < 500) {
        if (response.status === 403) {
          const body = (await response.clone().json()) as { code?: string };
          if (body.code === 'api_key_banned') {
            const seconds = Number(response.headers.get('Retry-After') ?? 0);
            throw new RateLimitedError(`The key is banned for ${seconds} more seconds.`, seconds);
          }
        }
        return response;
      }
      if (attempt >= maxAttempts) {
        if (response?.status === 429) {
          const seconds = Number(response.headers.get('Retry-After') ?? 1);
          throw new RateLimitedError(`Still rate limited after ${attempt} attempts.`, seconds);
        }
        if (response) return response;
      }
      if (response?.status === 429) {
        // Retry-After is whole seconds and never points before the reset: wait it out exactly.
        await sleep(Number(response.headers.get('Retry-After') ?? 1) * 1000);
      } else {
        // Exponential backoff with full jitter, capped.
        const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
        await sleep(Math.random() * ceiling);
      }
    }
  };
}
