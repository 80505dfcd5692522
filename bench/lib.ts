import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const resultsDir = path.resolve(new URL('.', import.meta.url).pathname, 'results');

/**
 * CPU time (user + system) a process has used so far, in ms: this process when no pid is given,
 * another one from /proc (Linux; NaN when it is gone).
 */
export function cpuMsOf(pid?: number): number {
  if (pid === undefined) {
    const own = process.cpuUsage();
    return (own.user + own.system) / 1000;
  }
  try {
    // utime and stime, in clock ticks of 10 ms, follow the parenthesised command name.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** Busy and stolen CPU time of the whole machine so far, in ms (Linux only). */
export function machineCpuMs(): { busy: number; steal: number } {
  try {
    const [user, nice, system, , , irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
    return { busy: (user! + nice! + system! + irq! + softirq!) * 10, steal: steal! * 10 };
  } catch {
    return { busy: NaN, steal: NaN };
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summarize(samplesMs: number[]) {
  const s = [...samplesMs].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return { n: s.length, p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), p99: round(percentile(s, 99)), max: round(s[s.length - 1] ?? NaN) };
}

/** Writes bench/results/<name>.json with the machine it ran on. */
export function writeResult<T extends Record<string, unknown>>(name: string, data: T) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const body = {
    name,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    ...data,
  };
  fs.writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(body, null, 2)}\n`);
  return body;
}
