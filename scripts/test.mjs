// npm test: installs what is missing, builds, then lint, type check, unit, server integration (PGlite,
// and the database's own tests on PostgreSQL when DATABASE_URL is set), with the browser tests on
// two servers running beside all of these.
// Ends with one line "N passed, N failed".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, ensureChromium, ensureDependencies, ensureRedis, root, run, spawn, step } from './lib/ensure.mjs';

const started = Date.now();
const postgresUrl = process.env.DATABASE_URL;
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL; // the main run uses embedded PGlite; PostgreSQL gets its own pass

ensureDependencies();
const haveChromium = ensureChromium();
// Without it the rate-limit test fails and says why; nothing is skipped.
ensureRedis();

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

/** Several checks at once, each one's output shown whole after all have ended. */
async function checksSideBySide(checks) {
  const runs = checks.map(([title, cmd, args]) => {
    const log = path.join(os.tmpdir(), `kontor-check-${process.pid}-${Math.random().toString(36).slice(2)}.log`);
    const fd = fs.openSync(log, 'w');
    const child = spawn(cmd, args, { cwd: root, env: baseEnv, stdio: ['ignore', fd, fd] });
    fs.closeSync(fd);
    return { title, log, done: new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1))) };
  });
  for (const { title, log, done } of runs) {
    const status = await done;
    step(title);
    process.stdout.write(fs.readFileSync(log));
    fs.rmSync(log, { force: true });
    if (status === 0) tally.passed += 1;
    else {
      tally.failed += 1;
      failures.push(title);
    }
  }
}

/** Starts vitest with a JSON report; `log` set: its output goes there instead of the terminal (it runs beside another). */
function startVitest(args, env, log) {
  const out = path.join(os.tmpdir(), `kontor-vitest-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const fd = log ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args], {
    cwd: root,
    env: log && process.stdout.isTTY ? { ...env, FORCE_COLOR: '1' } : env,
    stdio: ['ignore', fd, fd],
  });
  if (typeof fd === 'number') fs.closeSync(fd);
  return new Promise((resolve) => child.on('close', (code) => resolve({ status: code ?? 1, out })));
}

function tallyReport(title, { status, out }) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(out, 'utf8'));
    fs.rmSync(out, { force: true });
  } catch {
    tally.failed += 1;
    failures.push(`${title}: no report (vitest exit ${status})`);
    return;
  }
  // A failed global setup (the browser tests' server) fails vitest with no test failed: it fails the run.
  if (status !== 0 && report.numFailedTests === 0 && report.numFailedTestSuites === 0) {
    tally.failed += 1;
    failures.push(`${title}: vitest exit ${status} without a failed test (setup or collection failed; see its output)`);
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

async function vitest(title, args, env) {
  step(title);
  tallyReport(title, await startVitest(args, env));
}

// The browser tests need the build; they start first and run in a vitest process of their own
// beside everything else. In one vitest run they would come last, one file at a time (their
// project has fileParallelism: false, which vitest 4 runs after all other files), while a browser
// test mostly waits for Chromium and the server: about 0.4 of a core, the rest of the machine idle.
build();
// Two servers, each with its browser tests one file at a time (apps/web/e2e/vitest.config.ts says which file runs where).
const browserRuns = [];
if (haveChromium) {
  for (const project of ['e2e', 'e2e-second']) {
    const log = path.join(os.tmpdir(), `kontor-${project}-${process.pid}.log`);
    browserRuns.push({ title: `Browser tests, ${project} (beside the rest; output below when they end)`, log, run: startVitest(['--project', project], baseEnv, log) });
  }
} else {
  tally.failed += 1;
  failures.push('browser tests: Chromium missing');
}

// Issue 22's size budget: the JavaScript a first visit to /anmelden and /depot loads, from the build above.
check('First-load JavaScript budget (web build)', 'node', ['apps/web/scripts/first-load-budget.mjs']);

// Beside the browser tests: lint and type check, the database's tests against PostgreSQL, the
// built server as processes, the server suite against PGlite, then the unit tests (their waits are caps: 15 s for a web findBy,
// 45 s a case, so a busy machine slows them without failing them).
// Each of the two runs on one core: side by side, they take as long as the longer one.
await checksSideBySide([
  ['Lint (ESLint, incl. one-way imports)', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['Type check (tsc -b)', 'npx', ['tsc', '-b']],
]);
if (postgresUrl) {
  // The tests whose subject is the database (apps/server/vitest.postgres.config.ts, decision 038).
  // Each test file gets a database of its own on the server, so two run side by side.
  await vitest('Server tests of the database against PostgreSQL', ['--project', 'server-postgres', '--maxWorkers=2'], { ...baseEnv, DATABASE_URL: postgresUrl });
}
// The built server as processes of its own: two on one PostgreSQL (a throwaway one without DATABASE_URL).
await vitest('Server processes (the built server, several on one PostgreSQL)', ['--project', 'processes'], postgresUrl ? { ...baseEnv, DATABASE_URL: postgresUrl } : baseEnv);
await vitest('Server integration tests (PGlite)', ['--project', 'server', '--maxWorkers=2'], baseEnv);
await vitest('Unit tests (domain, web)', ['--project', 'domain', '--project', 'web', '--maxWorkers=2'], baseEnv);
for (const { title, log, run: browserRun } of browserRuns) {
  const result = await browserRun;
  step(title);
  process.stdout.write(fs.readFileSync(log));
  fs.rmSync(log, { force: true });
  tallyReport(title, result);
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
