// A throwaway PostgreSQL cluster for the benchmarks that run on PostgreSQL, and the CPU time its
// processes use (orders.bench.ts, savings-plans.bench.ts).
import fs from 'node:fs';
import { cpuMsOf } from './lib.ts';

export { type Cluster, createDatabase, freePort, startCluster } from '../apps/server/test/postgres-cluster.ts';

/** CPU time of all PostgreSQL processes on this machine so far, in ms (Linux); only one cluster's (its postmaster and children) when `postmaster` is given. */
export function postgresCpuMs(postmaster?: number): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      if (postmaster !== undefined && Number(pid) !== postmaster && Number(stat.split(') ')[1]!.split(' ')[1]) !== postmaster) continue;
      total += cpuMsOf(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
