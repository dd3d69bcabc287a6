/**
 * What a well-behaved client sees over a few minutes on the Free plan, made
 * by running the rate limiter the sandbox runs (src/rate-limits/) on a
 * simulated clock, with the spec's quota and ban: the figure in the
 * rate-limits guide is computed, not drawn by hand.
 */
import { ManualClock } from '../rate-limits/clock.ts';
import { type BanPolicy, type Quota, RateLimiter } from '../rate-limits/rate-limiter.ts';

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
  limits: { quota: Quota; ban: BanPolicy | undefined },
  perSecond: number,
  seconds: number,
): SimulatedRequest[] {
  const { quota, ban } = limits;
  const start = Date.UTC(2026, 10, 22, 12, 0, 0);
  const clock = new ManualClock(start);
  const limiter = new RateLimiter(clock, ban);
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
