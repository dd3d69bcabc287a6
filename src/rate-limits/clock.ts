/** Time for the sandbox, injectable so tests can move through minutes and days instantly. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to. */
export class ManualClock implements Clock {
  #time: number;

  constructor(start: number | Date = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.#time = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.#time;
  }

  advance(milliseconds: number): void {
    this.#time += milliseconds;
  }

  set(time: number | Date): void {
    this.#time = typeof time === 'number' ? time : time.getTime();
  }
}
