import { useQuery } from '@tanstack/react-query';
import { berlinDate } from '@kontor/domain/banking-days';
import { devClockSchema } from '@kontor/domain/dev-clock';
import { api } from './api-client';
import { useDevToolsAvailable } from './dev-tools';

/**
 * Today in Berlin as the server counts it ("2026-11-30"): where the dev tools run a simulated clock,
 * its day (so deadlines and years agree with the server after "Zeit vorspulen"), else this
 * device's. null while the simulated clock is asked.
 */
export function useServerToday(): string | null {
  const devTools = useDevToolsAvailable();
  const clock = useQuery({
    // The key of the dev tools' clock strip: both read the same answer.
    queryKey: ['dev', 'clock'],
    queryFn: () => api.request('GET', '/api/dev/clock', { skipGlobalErrorHandler: true }),
    enabled: devTools,
    retry: false,
  });
  if (devTools && clock.isPending) return null;
  const simulated = devTools ? devClockSchema.safeParse(clock.data) : null;
  return berlinDate(simulated?.success ? new Date(simulated.data.now) : new Date());
}
