/**
 * Per-key rate limiting with fixed windows, as the spec documents: a clock
 * minute and a UTC day, both counted on every admitted request. Over either
 * limit a request is refused (429); once `afterRejectedRequests` have been
 * refused in one window, the next request starts a temporary ban.
 *
 * The rules are pure functions of one identity's usage record (`admitRequest`,
 * `peekWindow`), so that whoever keeps the records applies the same rules:
 * `RateLimiter` keeps them in memory (admission is synchronous, so concurrent
 * requests on one key can never be lost or counted twice on Node's single
 * thread); the sandbox's Redis store keeps them in Redis, one atomic update a
 * request.
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

/** One identity's counts. Plain data: a store may keep it as JSON. */
export interface Usage {
  minuteStart: number;
  minuteCount: number;
  dayStart: number;
  dayCount: number;
  /** Requests refused in the window that ends at `rejectedWindowEnd`. */
  rejected: number;
  rejectedWindowEnd: number;
  bannedUntil: number;
}

/** A fresh record, with nothing counted yet. */
function newUsage(now: number): Usage {
  return {
    minuteStart: now - (now % minute),
    minuteCount: 0,
    dayStart: now - (now % day),
    dayCount: 0,
    rejected: 0,
    rejectedWindowEnd: 0,
    bannedUntil: 0,
  };
}

/** The record at `now`, with windows that have ended rolled over (a new object; `usage` is not changed). */
function rolledOver(usage: Usage | undefined, now: number): Usage {
  const current = usage ? { ...usage } : newUsage(now);
  const minuteStart = now - (now % minute);
  const dayStart = now - (now % day);
  if (current.minuteStart !== minuteStart) {
    current.minuteStart = minuteStart;
    current.minuteCount = 0;
  }
  if (current.dayStart !== dayStart) {
    current.dayStart = dayStart;
    current.dayCount = 0;
  }
  return current;
}

/**
 * The window an identity is in, without counting a request: for the answers that are not calls to the API
 * (OPTIONS, CORS preflights), which still say where the caller stands.
 */
export function peekWindow(stored: Usage | undefined, now: number, quota: Quota): RateWindow {
  const usage = rolledOver(stored, now);
  return usage.bannedUntil > now ? banWindow(usage, quota) : windowWithFewerLeft(usage, quota);
}

/** Counts one request against `stored` and says whether it may proceed; `usage` is the record to keep. */
export function admitRequest(
  stored: Usage | undefined,
  now: number,
  quota: Quota,
  ban: BanPolicy | undefined,
): { usage: Usage; admission: Admission } {
  const usage = rolledOver(stored, now);

  if (usage.bannedUntil > now) {
    const admission: Admission = {
      outcome: 'banned',
      window: banWindow(usage, quota),
      retryAfter: secondsUntil(usage.bannedUntil, now),
    };
    return { usage, admission };
  }

  const minuteFull = usage.minuteCount >= quota.perMinute;
  const dayFull = usage.dayCount >= quota.perDay;
  if (!minuteFull && !dayFull) {
    usage.minuteCount++;
    usage.dayCount++;
    return { usage, admission: { outcome: 'allowed', window: windowWithFewerLeft(usage, quota) } };
  }

  // The window that refuses: the day, if it is full, since it ends last.
  const windowEnd = dayFull ? usage.dayStart + day : usage.minuteStart + minute;
  if (usage.rejectedWindowEnd !== windowEnd) {
    usage.rejected = 0;
    usage.rejectedWindowEnd = windowEnd;
  }
  if (ban && usage.rejected >= ban.afterRejectedRequests) {
    usage.bannedUntil = now + ban.durationSeconds * 1000;
    usage.rejected = 0;
    return {
      usage,
      admission: { outcome: 'banned', window: banWindow(usage, quota), retryAfter: ban.durationSeconds },
    };
  }
  usage.rejected++;
  const window: RateWindow = {
    limit: dayFull ? quota.perDay : quota.perMinute,
    remaining: 0,
    reset: windowEnd / 1000,
  };
  return {
    usage,
    admission: {
      outcome: 'limited',
      window,
      retryAfter: secondsUntil(windowEnd, now),
      period: dayFull ? 'day' : 'minute',
    },
  };
}

/** How long a record matters after `now`, in milliseconds: until its day window or its ban ends. */
export function usageLifetime(usage: Usage, now: number): number {
  return Math.max(usage.dayStart + day, usage.bannedUntil) - now;
}

/** The rules with the records in memory: one process's limiter, and the rate-limits guide's simulation. */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #ban: BanPolicy | undefined;
  readonly #usage = new Map<string, Usage>();

  constructor(clock: Clock, ban?: BanPolicy) {
    this.#clock = clock;
    this.#ban = ban;
  }

  /** The window `identity` is in, without counting a request (see `peekWindow`). */
  peek(identity: string, quota: Quota): RateWindow {
    return peekWindow(this.#usage.get(identity), this.#clock.now(), quota);
  }

  /** Counts one request for `identity` and says whether it may proceed. */
  admit(identity: string, quota: Quota): Admission {
    const { usage, admission } = admitRequest(this.#usage.get(identity), this.#clock.now(), quota, this.#ban);
    this.#usage.set(identity, usage);
    return admission;
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
