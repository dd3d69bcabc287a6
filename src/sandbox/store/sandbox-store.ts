/**
 * Where the sandbox keeps its state: each data set's records, and each caller's rate-limit counts. A port with two
 * adapters, the in-memory store (one process, the default) and the Redis store (any number of sandbox processes on
 * one Redis or Valkey); the handlers and the app do not know which one runs.
 *
 * The rules stay in TypeScript, pure: a change is a function of the records (the handlers), an admission a
 * function of the caller's usage (`src/rate-limits/`). A store applies them atomically: each sees the latest state,
 * and what it changes is kept only if nothing else changed that state meanwhile.
 */
import type { Admission, BanPolicy, Quota, RateWindow } from '../../rate-limits/rate-limiter.ts';
import type { Records } from './records.ts';

/**
 * What a store keeps in each data set, and how: the Pet Store's records (`records.ts`), or the collections of a
 * sandbox made from any description (`../described/`). The store does not know which.
 */
export interface DataSetKind<D> {
  /** What the data set `scope` reads as while nothing was written to it. Never changed: a change runs on a copy. */
  seed(scope: string): D;
  /** A copy to change: a change that throws half-way leaves the original as it was. */
  copy(data: D): D;
  /** As JSON text, for a store outside this process, and back. */
  encode(data: D): string;
  decode(json: string): D;
  /** Throws DataSetFullError when `data`, after a change, is over the kind's caps (`checkCaps`). */
  checkCaps?(data: D): void;
}

/** `D`: what one data set holds (the Pet Store's records unless the sandbox was made from another description). */
export interface SandboxStore<D = Records> {
  /** Reads the records of the data set `scope` (its seed, while nothing was written to it). */
  read<T>(scope: string, use: (records: D) => T): Promise<T>;
  /**
   * Runs `change` on the latest records of `scope` and keeps what it changed, atomically: were they changed
   * meanwhile (by another request or another process), `change` runs again on the newer records. `change` must do
   * nothing but read and change the records; when it throws, nothing is kept. With `lifetimeMs`, the data set is
   * forgotten that long after (a personal key's copy, which ends with the key); else it is kept.
   */
  update<T>(scope: string, change: (records: D) => T, lifetimeMs?: number): Promise<T>;
  /**
   * Keeps a personal key for `lifetimeMs`, unless `maxLiveKeys` keys are alive already: then nothing is kept, and
   * the answer says when the first of them ends. Only keys that have ended make room; a live key, a data set or a
   * rate-limit record is never dropped for a new key.
   */
  saveKey(key: string, record: PersonalKey, lifetimeMs: number, maxLiveKeys?: number): Promise<KeySaved>;
  /** A personal key, while it lasts. */
  findKey(key: string): Promise<PersonalKey | undefined>;
  /** Counts one request for `identity` at `now` and says whether it may proceed. */
  admit(identity: string, quota: Quota, ban: BanPolicy | undefined, now: number): Promise<Admission>;
  /** The window `identity` is in at `now`, without counting a request. */
  peek(identity: string, quota: Quota, now: number): Promise<RateWindow>;
  /** Resolves when the store answers; rejects with StoreUnavailableError when it does not. */
  ping(): Promise<void>;
  /** Lets go of connections; the store is not used after. */
  close(): Promise<void>;
}

/**
 * The store cannot be reached (down, restarting, too slow): nothing was read or changed. The sandbox answers
 * 503 service_unavailable, and the store reconnects by itself.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The store cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** Whether a key was kept; if not (the budget of live keys spent), in how many ms the first live key ends. */
export type KeySaved = { saved: true } | { saved: false; retryAfterMs: number };

/**
 * A change that would make a data set bigger than its caps (`DataSetKind.overCap`): nothing was kept. The sandbox
 * answers 409 too_many_records or 413 data_set_too_large.
 */
export class DataSetFullError extends Error {
  readonly cap: DataSetCap;
  constructor(cap: DataSetCap, message: string) {
    super(message);
    this.name = 'DataSetFullError';
    this.cap = cap;
  }
}

/** Which cap a change went over: the records of one collection, or the bytes of the whole data set. */
export type DataSetCap = 'records' | 'bytes';

/** The caps of each data set, so that no caller can make the store grow without bound. */
export interface DataSetCaps {
  /** Records in one collection (a Pet Store table; a described collection instance). */
  recordsPerCollection: number;
  /** Bytes of one data set as the store keeps it (its JSON). */
  bytesPerDataSet: number;
}

/** Enough for anyone trying the API by hand; small enough that 2,000 keys' data fit in 256 MB. */
export const defaultDataSetCaps: DataSetCaps = { recordsPerCollection: 500, bytesPerDataSet: 65_536 };

/** Throws DataSetFullError when `data` is over a cap; `encoded` is its JSON, as the store keeps it. */
export function checkCaps(caps: DataSetCaps, largestCollection: number, encoded: string): void {
  if (largestCollection > caps.recordsPerCollection) {
    throw new DataSetFullError(
      'records',
      `A collection of the sandbox holds at most ${caps.recordsPerCollection} records; delete some first.`,
    );
  }
  const bytes = Buffer.byteLength(encoded);
  if (bytes > caps.bytesPerDataSet) {
    throw new DataSetFullError(
      'bytes',
      `This change would make the data set ${bytes} bytes, over the sandbox's ${caps.bytesPerDataSet}; delete or shorten some records first.`,
    );
  }
}

/** A personal sandbox key: its plan (as `x-rate-limits` names it) and when it ends (epoch ms). */
export interface PersonalKey {
  plan: string;
  expiresAt: number;
}

/** The data set every demo key and keyless caller shares. */
export const sharedScope = 'demo';

/**
 * How long a data set no key owns (the shared one, a keyless caller's) is kept after its last change. The demo keys
 * are public, so anyone can fill it to its caps (409, 413 for everyone after); it goes back to the examples an hour
 * after the last change that was kept, not never.
 */
export const sharedDataLifetimeMs = 3_600_000;

/** The data set of one personal key: its own copy, made on its first change. */
export const personalScope = (key: string) => `key:${key}`;
