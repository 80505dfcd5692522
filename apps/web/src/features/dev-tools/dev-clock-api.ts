import { useEffect, useState } from 'react';
import type { AdvanceClockRequest, AdvanceClockResult, DevClock } from '@kontor/domain/dev-clock';
import type { devClockEndpoints } from '@kontor/domain/endpoints/dev-clock';
import { api, type UnparsedRoute } from '../../lib/api-client';

type Endpoints = typeof devClockEndpoints;

/**
 * The endpoints (decision 034), called unparsed and without TanStack Query: the strip shows on the
 * sign-in screens too, whose first load has neither (decision 041).
 */
const devClock = {
  clock: { method: 'GET', path: '/api/dev/clock' },
  advance: { method: 'POST', path: '/api/dev/clock/advance' },
  nextQuarter: { method: 'POST', path: '/api/dev/clock/next-quarter' },
  nextSavingsDay: { method: 'POST', path: '/api/dev/clock/next-savings-day' },
} as const satisfies { [K in keyof Endpoints]: UnparsedRoute<Endpoints[K]> };

/** The simulated clock the strip shows: asked once, then every minute (it runs on with the real one). */
type ClockState = { data?: DevClock; isPending: boolean; isError: boolean };

/** Development only (GET /api/dev/clock): the simulated time the market and the back office follow. */
export function useDevClock(enabled: boolean): ClockState & { set: (clock: DevClock) => void } {
  const [state, setState] = useState<ClockState>({ isPending: true, isError: false });
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const read = () =>
      api.callUnparsed<Endpoints['clock']>(devClock.clock, { skipGlobalErrorHandler: true }).then(
        (data) => active && setState({ data, isPending: false, isError: false }),
        // A server without the tools (404) or a failed read: the strip goes.
        () => active && setState((s) => ({ ...s, isPending: false, isError: true })),
      );
    void read();
    // The simulated time runs on with the real one; the minute shown need not be exact.
    const timer = setInterval(() => void read(), 60_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [enabled]);
  return { ...state, set: (clock) => setState({ data: clock, isPending: false, isError: false }) };
}

/**
 * A step forward, to the start of the next quarter (the quarter's Depotauszug is then issued), or
 * to the next day a savings plan executes.
 */
export type ClockMove = AdvanceClockRequest | 'next-quarter' | 'next-savings-day';

/**
 * Development only (POST /api/dev/clock/advance, …/next-quarter, …/next-savings-day): "Zeit vorspulen".
 * Whatever fell due has run on the server, so every answer the page holds may be out of date:
 * `moved` is told (the signed-in frame fetches its answers again).
 */
export function useAdvanceClock(moved: (result: AdvanceClockResult) => void) {
  const [isPending, setPending] = useState(false);
  const mutateAsync = async (move: ClockMove): Promise<AdvanceClockResult> => {
    setPending(true);
    try {
      const quiet = { skipGlobalErrorHandler: true };
      const result = await (move === 'next-quarter'
        ? api.callUnparsed<Endpoints['nextQuarter']>(devClock.nextQuarter, quiet)
        : move === 'next-savings-day'
          ? api.callUnparsed<Endpoints['nextSavingsDay']>(devClock.nextSavingsDay, quiet)
          : api.callUnparsed<Endpoints['advance']>(devClock.advance, { ...quiet, body: move }));
      moved(result);
      return result;
    } finally {
      setPending(false);
    }
  };
  return { mutateAsync, isPending };
}
