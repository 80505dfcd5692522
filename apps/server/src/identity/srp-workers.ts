import { Worker } from 'node:worker_threads';
import { N, type PowModN, powModN } from './srp.ts';

// The worker only raises to a power through OpenSSL (as srp.powModN does); hashing and the rest of
// SRP stay on the main thread. Inline source, so the same code runs bundled, under tsx and in tests.
// On Linux a thread's nice value is its own (setpriority(2)): the workers give way to the event loop
// and the database, which order entry waits on, and use what CPU they leave. Elsewhere it would
// lower the whole process, so it is left alone.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createDiffieHellman } = require('node:crypto');
if (workerData.nice > 0 && process.platform === 'linux') {
  try { require('node:os').setPriority(workerData.nice); } catch {}
}
const dh = createDiffieHellman(Buffer.from(workerData.nHex, 'hex'), 2);
parentPort.on('message', ({ id, baseHex, expHex }) => {
  try {
    dh.setPrivateKey(Buffer.from(expHex, 'hex'));
    parentPort.postMessage({ id, hex: dh.computeSecret(Buffer.from(baseHex, 'hex')).toString('hex') });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

const evenHex = (n: bigint) => {
  const hex = n.toString(16);
  return hex.length % 2 === 1 ? `0${hex}` : hex;
};

type Job = { resolve: (n: bigint) => void; reject: (e: Error) => void };
type Thread = { worker: Worker; jobs: Map<number, Job> };

export type SrpWorkerPool = { pow: PowModN; close(): Promise<void> };

/**
 * SRP's 3072-bit modular powers (B at the start of a sign-in, S at the proof, the verifier) on
 * `size` worker threads, so a storm of sign-ins leaves the event loop to trading and the health
 * check (bench/sign-in-storm.bench.ts). Threads start on first use; each job goes to the thread
 * with the fewest waiting. The edge bases OpenSSL refuses (0, 1, N-1) are worked out here, as
 * srp.powModN does.
 */
export function srpWorkerPool(size: number, nice = 0): SrpWorkerPool {
  const threads: Thread[] = [];
  let nextId = 0;
  let closed = false;

  function start(): Thread {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nHex: evenHex(N), nice } });
    const thread: Thread = { worker, jobs: new Map() };
    // An idle pool must not keep the process alive; a thread with work does.
    worker.unref();
    worker.on('message', (m: { id: number; hex?: string; error?: string }) => {
      const job = thread.jobs.get(m.id);
      thread.jobs.delete(m.id);
      if (thread.jobs.size === 0) worker.unref();
      if (!job) return;
      if (m.hex !== undefined) job.resolve(BigInt(`0x${m.hex}`));
      else job.reject(new Error(`SRP worker: ${m.error}`));
    });
    const fail = (error: Error) => {
      threads.splice(threads.indexOf(thread), 1);
      for (const job of thread.jobs.values()) job.reject(error);
      thread.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => threads.includes(thread) && fail(new Error(`SRP worker exited with ${code}`)));
    threads.push(thread);
    return thread;
  }

  const pow: PowModN = async (base, exp) => {
    const b = ((base % N) + N) % N;
    if (closed || b <= 1n || b >= N - 1n || exp <= 0n) return powModN(b, exp);
    const least = threads.reduce<Thread | undefined>((x, y) => (!x || y.jobs.size < x.jobs.size ? y : x), undefined);
    const thread = least && (least.jobs.size === 0 || threads.length >= size) ? least : start();
    const id = nextId++;
    return new Promise<bigint>((resolve, reject) => {
      thread.jobs.set(id, { resolve, reject });
      thread.worker.ref();
      thread.worker.postMessage({ id, baseHex: evenHex(b), expHex: evenHex(exp) });
    });
  };

  return {
    pow,
    async close() {
      closed = true;
      const stopping = threads.splice(0);
      for (const t of stopping) for (const job of t.jobs.values()) job.reject(new Error('SRP workers closed'));
      await Promise.all(stopping.map((t) => t.worker.terminate()));
    },
  };
}
