/**
 * What a well-behaved client sees over a few minutes on the Free plan, made
 * by running the sandbox's own rate limiter on a simulated clock: the figure
 * in the rate-limits guide is computed, not drawn by hand.
 */
import { ManualClock } from '../sandbox/clock.ts';
import { RateLimiter } from '../sandbox/rate-limiter.ts';

export interface SimulatedRequest {
  /** Seconds since the start. */
  at: number;
  outcome: 'allowed' | 'limited' | 'banned';
  remaining: number;
  /** Seconds the client waits after a 429 (its Retry-After). */
  waited?: number;
}

/** A client that wants `perSecond` requests a second and honours Retry-After on every 429. */
export function simulate(
  quota: { perMinute: number; perDay: number },
  perSecond: number,
  seconds: number,
): SimulatedRequest[] {
  const start = Date.UTC(2026, 10, 22, 12, 0, 0);
  const clock = new ManualClock(start);
  const limiter = new RateLimiter(clock, { afterRejectedRequests: 10, durationSeconds: 900 });
  const requests: SimulatedRequest[] = [];
  while (clock.now() < start + seconds * 1000) {
    const admission = limiter.admit('client', quota);
    const at = (clock.now() - start) / 1000;
    if (admission.outcome === 'allowed') {
      requests.push({ at, outcome: 'allowed', remaining: admission.window.remaining });
      clock.advance(1000 / perSecond);
    } else {
      requests.push({ at, outcome: admission.outcome, remaining: 0, waited: admission.retryAfter });
      clock.advance(admission.retryAfter * 1000);
    }
  }
  return requests;
}
