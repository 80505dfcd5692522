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

/**
 * A clock that starts at `start` and then runs at real speed: the market can be shown open (or on
 * a given weekday) whatever the time of the machine, for demos and browser tests.
 */
export function clockStartingAt(start: Date, base: Clock = systemClock): Clock {
  const offset = start.getTime() - base.now().getTime();
  return { now: () => new Date(base.now().getTime() + offset) };
}
