/**
 * Per-key rate limiting with fixed windows, as the spec documents: a clock
 * minute and a UTC day, both counted on every admitted request. Over either
 * limit a request is refused (429); once `afterRejectedRequests` have been
 * refused in one window, the next request starts a temporary ban.
 *
 * Admission is synchronous, so concurrent requests on one key can never be
 * lost or counted twice on Node's single thread.
 */
import type { Clock } from './clock.ts';

const minute = 60_000;
const day = 86_400_000;

export interface Quota {
  perMinute: number;
  perDay: number;
}

export interface BanPolicy {
  afterRejectedRequests: number;
  durationSeconds: number;
}

/** What the three X-RateLimit-* headers say: the window with fewer requests left. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** Unix epoch seconds when that window ends. */
  reset: number;
}

export type Admission =
  | { outcome: 'allowed'; window: RateWindow }
  | { outcome: 'limited'; window: RateWindow; retryAfter: number; period: 'minute' | 'day' }
  | { outcome: 'banned'; window: RateWindow; retryAfter: number };

interface Usage {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
  /** Requests refused in the window that ends at `rejectedWindowEnd`. */
  rejected: number;
  rejectedWindowEnd: number;
  bannedUntil: number;
}

export class RateLimiter {
  readonly #clock: Clock;
  readonly #ban: BanPolicy | undefined;
  readonly #usage = new Map<string, Usage>();

  constructor(clock: Clock, ban?: BanPolicy) {
    this.#clock = clock;
    this.#ban = ban;
  }

  /**
   * The window `identity` is in, without counting a request: for the answers that are not calls to
   * the API (OPTIONS, CORS preflights), which still say where the caller stands.
   */
  peek(identity: string, quota: Quota): RateWindow {
    const now = this.#clock.now();
    const usage = this.#current(identity, now);
    return usage.bannedUntil > now ? banWindow(usage, quota) : windowWithFewerLeft(usage, quota);
  }

  /** Counts one request for `identity` and says whether it may proceed. */
  admit(identity: string, quota: Quota): Admission {
    const now = this.#clock.now();
    const usage = this.#current(identity, now);

    if (usage.bannedUntil > now) {
      return { outcome: 'banned', window: banWindow(usage, quota), retryAfter: secondsUntil(usage.bannedUntil, now) };
    }

    const minuteFull = usage.minuteCount >= quota.perMinute;
    const dayFull = usage.dayCount >= quota.perDay;
    if (!minuteFull && !dayFull) {
      usage.minuteCount++;
      usage.dayCount++;
      return { outcome: 'allowed', window: windowWithFewerLeft(usage, quota) };
    }

    // The window that refuses: the day, if it is full, since it ends last.
    const windowEnd = dayFull ? usage.dayStart + day : usage.minuteStart + minute;
    if (usage.rejectedWindowEnd !== windowEnd) {
      usage.rejected = 0;
      usage.rejectedWindowEnd = windowEnd;
    }
    if (this.#ban && usage.rejected >= this.#ban.afterRejectedRequests) {
      usage.bannedUntil = now + this.#ban.durationSeconds * 1000;
      usage.rejected = 0;
      return { outcome: 'banned', window: banWindow(usage, quota), retryAfter: this.#ban.durationSeconds };
    }
    usage.rejected++;
    const window: RateWindow = {
      limit: dayFull ? quota.perDay : quota.perMinute,
      remaining: 0,
      reset: windowEnd / 1000,
    };
    return { outcome: 'limited', window, retryAfter: secondsUntil(windowEnd, now), period: dayFull ? 'day' : 'minute' };
  }

  /** The usage record for an identity, with windows that have ended rolled over. */
  #current(identity: string, now: number): Usage {
    const minuteStart = now - (now % minute);
    const dayStart = now - (now % day);
    let usage = this.#usage.get(identity);
    if (!usage) {
      usage = { minuteStart, minuteCount: 0, dayStart, dayCount: 0, rejected: 0, rejectedWindowEnd: 0, bannedUntil: 0 };
      this.#usage.set(identity, usage);
    }
    if (usage.minuteStart !== minuteStart) {
      usage.minuteStart = minuteStart;
      usage.minuteCount = 0;
    }
    if (usage.dayStart !== dayStart) {
      usage.dayStart = dayStart;
      usage.dayCount = 0;
    }
    return usage;
  }
}

/** The window with fewer requests left (the minute on a tie). */
function windowWithFewerLeft(usage: Usage, quota: Quota): RateWindow {
  const minuteLeft = Math.max(0, quota.perMinute - usage.minuteCount);
  const dayLeft = Math.max(0, quota.perDay - usage.dayCount);
  return dayLeft < minuteLeft
    ? { limit: quota.perDay, remaining: dayLeft, reset: (usage.dayStart + day) / 1000 }
    : { limit: quota.perMinute, remaining: minuteLeft, reset: (usage.minuteStart + minute) / 1000 };
}

/**
 * What a banned key's rate-limit headers say: nothing left until the ban ends, in step with
 * Retry-After. The window's own count would read as a full quota once the minute rolls over.
 */
function banWindow(usage: Usage, quota: Quota): RateWindow {
  const { limit } = windowWithFewerLeft(usage, quota);
  return { limit, remaining: 0, reset: Math.ceil(usage.bannedUntil / 1000) };
}

/** Whole seconds from `now` until `time`, rounded up so a client waiting that long is never early. */
function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}
