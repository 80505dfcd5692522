/** Time comes from here, never from `new Date()` in business code, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move; for tests and the simulated market. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}
