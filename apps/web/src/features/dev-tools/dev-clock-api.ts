import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdvanceClockRequest, DevClock } from '@kontor/domain/dev-clock';
import { devClockEndpoints as devClock } from '@kontor/domain/endpoints/dev-clock';
import { api } from '../../lib/api-client';

const devClockKey = ['dev', 'clock'] as const;

/** Development only (GET /api/dev/clock): the simulated time the market and the back office follow. */
export function useDevClock(enabled: boolean) {
  return useQuery({
    queryKey: devClockKey,
    queryFn: () => api.call(devClock.clock, { skipGlobalErrorHandler: true }),
    enabled,
    retry: false,
    // The simulated time runs on with the real one; the minute shown need not be exact.
    refetchInterval: 60_000,
  });
}

/**
 * A step forward, to the start of the next quarter (the quarter's Depotauszug is then issued), or
 * to the next day a savings plan executes.
 */
export type ClockMove = AdvanceClockRequest | 'next-quarter' | 'next-savings-day';

/**
 * Development only (POST /api/dev/clock/advance, …/next-quarter, …/next-savings-day): "Zeit vorspulen".
 * Whatever fell due has run on the server, so every cached answer (cash, orders, Posteingang) may
 * be out of date.
 */
export function useAdvanceClock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: ClockMove) =>
      typeof move === 'string'
        ? api.call(move === 'next-quarter' ? devClock.nextQuarter : devClock.nextSavingsDay, { skipGlobalErrorHandler: true })
        : api.call(devClock.advance, { body: move, skipGlobalErrorHandler: true }),
    onSuccess: ({ now, offsetMs }) => {
      client.setQueryData<DevClock>(devClockKey, { now, offsetMs });
      void client.invalidateQueries();
    },
  });
}
