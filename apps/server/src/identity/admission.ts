/**
 * At most `limit` calls run at once; the others wait their turn, first come first served, without
 * holding a database connection. 0 lets every call run. The user pool's requests pass through one,
 * so a storm of sign-ins queues here instead of in front of the database pool and the event loop
 * that trading and the health check share (bench/sign-in-storm.bench.ts).
 */
export function admission(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function admit<T>(work: () => Promise<T>): Promise<T> {
    if (limit <= 0) return work();
    // A finished call hands its place straight to the next in line.
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
