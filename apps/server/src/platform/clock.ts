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

/**
 * A clock that runs with its base and can be moved forward, never back ("Zeit vorspulen" in
 * development): the market, order validity and scheduled jobs all read it, so a demo sees a month
 * of savings plans or a payout's banking day at once. Never back, so no job or order sees time
 * run backwards.
 */
export class ShiftableClock implements Clock {
  #offsetMs = 0;
  /** Told after every move (the leading process tells the others). */
  onAdvance: ((offsetMs: number) => void) | null = null;
  constructor(readonly base: Clock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.#offsetMs);
  }
  /** How far it has been moved ahead of its base, in ms. */
  get offsetMs(): number {
    return this.#offsetMs;
  }
  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`The clock only moves forward by whole ms: ${ms}`);
    this.#offsetMs += ms;
    this.onAdvance?.(this.#offsetMs);
  }
}
