// npm run bench: runs every bench/*.bench.ts, writes bench/results/*.json and prints a table.
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root, run, step } from './lib/ensure.mjs';

ensureDependencies();
const only = process.argv.slice(2);
const all = fs.readdirSync(path.join(root, 'bench')).filter((f) => f.endsWith('.bench.ts'));
// A whole name runs that benchmark alone (`sign-in`, not also `sign-in-storm`); a prefix runs all it starts.
const picks = (o, f) => (all.includes(`${o}.bench.ts`) ? f === `${o}.bench.ts` : f.startsWith(o));
const files = all.filter((f) => only.length === 0 || only.some((o) => picks(o, f))).sort();
for (const f of files) {
  step(`Benchmark ${f}`);
  run('npx', ['tsx', path.join('bench', f)], { env: { ...process.env, NODE_ENV: 'production' } });
}
console.log(`\nResults in bench/results/ (${files.length} benchmark${files.length === 1 ? '' : 's'}).`);
