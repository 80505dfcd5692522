import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { berlinDate } from '@kontor/domain/calendar-dates';
import type { DevClock } from '@kontor/domain/dev-clock';
import { devClockEndpoints } from '@kontor/domain/endpoints/dev-clock';
import { api } from './api-client';
import { useDevToolsAvailable } from './dev-tools';

/**
 * Where the dev tools run a simulated clock, its answer (with when it was read); undefined without
 * the dev tools; null while it is asked.
 */
function useSimulatedClock(): { clock: DevClock; readAt: number } | undefined | null {
  const devTools = useDevToolsAvailable();
  const clock = useQuery({
    // The key of the dev tools' clock strip: both read the same answer.
    queryKey: ['dev', 'clock'],
    // An answer that does not fit the schema fails the query: the device's clock is used then.
    queryFn: () => api.call(devClockEndpoints.clock, { skipGlobalErrorHandler: true }),
    enabled: devTools,
    retry: false,
  });
  if (devTools && clock.isPending) return null;
  return devTools && clock.data ? { clock: clock.data, readAt: clock.dataUpdatedAt } : undefined;
}

/**
 * Today in Berlin as the server counts it ("2026-11-30"): where the dev tools run a simulated clock,
 * its day (so deadlines and years agree with the server after "Zeit vorspulen"), else this
 * device's. null while the simulated clock is asked.
 */
export function useServerToday(): string | null {
  const simulated = useSimulatedClock();
  if (simulated === null) return null;
  return berlinDate(simulated ? new Date(simulated.clock.now) : new Date());
}

/**
 * The server's time now (ms since the epoch), as `useServerToday` counts it, updated every
 * `everyMs` (a countdown to a deadline); null while the simulated clock is asked.
 */
export function useServerNow(everyMs = 30_000): number | null {
  const simulated = useSimulatedClock();
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setDeviceNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  if (simulated === null) return null;
  // The simulated clock runs on with the real one since it was read.
  return simulated ? Date.parse(simulated.clock.now) + Math.max(0, deviceNow - simulated.readAt) : deviceNow;
}
