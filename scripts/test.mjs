// npm test: installs what is missing, then lint, type check, unit, server integration (PGlite, and
// PostgreSQL when DATABASE_URL is set) and browser tests. Ends with one line "N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, ensureChromium, ensureDependencies, root, run, step } from './lib/ensure.mjs';

const started = Date.now();
const postgresUrl = process.env.DATABASE_URL;
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL; // the main run uses embedded PGlite; PostgreSQL gets its own pass

ensureDependencies();
const haveChromium = ensureChromium();

const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function check(title, cmd, args) {
  step(title);
  const status = run(cmd, args, { allowFailure: true, env: baseEnv });
  if (status === 0) tally.passed += 1;
  else {
    tally.failed += 1;
    failures.push(title);
  }
}

function vitest(title, args, env) {
  step(title);
  const out = path.join(os.tmpdir(), `kontor-vitest-${process.pid}-${Date.now()}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    { allowFailure: true, env },
  );
  let report;
  try {
    report = JSON.parse(fs.readFileSync(out, 'utf8'));
    fs.rmSync(out, { force: true });
  } catch {
    tally.failed += 1;
    failures.push(`${title}: no report (vitest exit ${status})`);
    return;
  }
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
  // A file that fails to load has no failed test but fails the run.
  const broken = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'));
  for (const r of broken) {
    tally.failed += 1;
    failures.push(`${path.relative(root, r.name)}: ${String(r.message).split('\n')[0]}`);
  }
  for (const r of report.testResults)
    for (const a of r.assertionResults)
      if (a.status === 'failed') failures.push(`${path.relative(root, r.name)} › ${a.fullName}`);
}

check('Lint (ESLint, incl. one-way imports)', 'npx', ['eslint', '.', '--max-warnings=0']);
check('Type check (tsc -b)', 'npx', ['tsc', '-b']);
build();

const projects = ['--project', 'domain', '--project', 'server', '--project', 'web'];
if (haveChromium) projects.push('--project', 'e2e');
else {
  tally.failed += 1;
  failures.push('browser tests: Chromium missing');
}
// Two workers: a browser test mostly waits for Chromium and the server (other processes), so a
// unit or server test file runs beside it; vitest would take one worker on two cores.
vitest('Unit, server (PGlite) and browser tests', [...projects, '--maxWorkers=2'], baseEnv);
if (postgresUrl) {
  // Each test file gets a database of its own on the server, so two run side by side.
  vitest('Server integration tests against PostgreSQL', ['--project', 'server', '--maxWorkers=2'], { ...baseEnv, DATABASE_URL: postgresUrl });
}

const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\n${'─'.repeat(60)}`);
if (failures.length) {
  console.log('Failed:');
  for (const f of failures) console.log(`  ✖ ${f}`);
}
console.log(`Took ${minutes} min${tally.skipped ? `; ${tally.skipped} skipped` : ''}.`);
console.log(`${tally.passed} passed, ${tally.failed} failed`);
process.exit(tally.failed === 0 && tally.passed > 0 ? 0 : 1);
