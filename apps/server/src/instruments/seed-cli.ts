// npm run seed -- --instruments 1000000
//
// Stores an instrument universe of that size (the real instruments plus generated derivatives) in
// the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR), then builds the
// search index from it once to show its figures. Idempotent: instruments already there stay; a
// larger universe contains every smaller one. The server must not run on the same PGlite folder.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db.ts';
import { REFERENCE_INSTRUMENTS } from './reference-instruments.ts';
import { seedInstruments } from './seed.ts';
import { buildIndexFromStore } from './service.ts';
import { instrumentStore } from './store.ts';
import { DEFAULT_DERIVATIVE_COUNT, MAX_DERIVATIVES } from './universe.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

const { values } = parseArgs({ options: { instruments: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
const real = REFERENCE_INSTRUMENTS.length;
if (values.help) {
  console.log(`npm run seed -- --instruments N   (N from ${real}; default ${real + DEFAULT_DERIVATIVE_COUNT})`);
  process.exit(0);
}
const total = values.instruments === undefined ? real + DEFAULT_DERIVATIVE_COUNT : Number(values.instruments.replaceAll(/[._]/g, ''));
if (!Number.isInteger(total) || total < real || total > real + MAX_DERIVATIVES) {
  console.error(`--instruments must be a whole number from ${real} to ${real + MAX_DERIVATIVES}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const fmt = (n: number) => n.toLocaleString('de-DE');
console.log(`Instrument-Universum mit ${fmt(total)} Instrumenten → ${database.kind}`);
const started = performance.now();
let lastShown = 0;
const { before } = await seedInstruments(database.db, {
  derivatives: total - real,
  onProgress: (done, all) => {
    if (done - lastShown < 50_000 && done !== all) return;
    lastShown = done;
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`\r  ${fmt(done)} / ${fmt(all)}  (${fmt(Math.round(done / seconds))} je Sekunde)   `);
  },
});
const stored = await instrumentStore(database.db).count();
console.log(`\n  vorher ${fmt(before)}, jetzt ${fmt(stored)} Instrumente, ${floatToDecimal((performance.now() - started) / 1000, 1)} s`);

const indexStarted = performance.now();
const index = await buildIndexFromStore(instrumentStore(database.db));
console.log(`  Suchindex aus der Tabelle: ${floatToDecimal((performance.now() - indexStarted) / 1000, 1)} s, ${Math.round(index.memoryBytes() / 2 ** 20)} MiB`, index.stats());
await database.close();
