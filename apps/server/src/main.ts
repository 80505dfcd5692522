import { buildApp } from './app.ts';
import { SimulatedMarket } from './market/feed.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db.ts';
import { DEMO_CUSTOMER, demoMarketOf, seedDemoData } from './seed.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const app = await buildApp({ config, db: database.db });
// The demo data is written once, by the process that leads (it books through the order engine).
if (config.seedDemoData && app.identity && app.identityStore && app.cluster.leadership.isLeader) {
  await seedDemoData({ identity: app.identity, identityStore: app.identityStore, poolId: config.identity.poolId, depot: { db: database.db, trading: app.trading, market: demoMarketOf(app), documents: app.periodicDocuments, savingsPlans: { clock: app.simulatedClock, jobs: app.savingsPlanJobs }, corporateActions: app.corporateActions } });
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// While this process leads: one market step a second (tests drive the market themselves) and the
// back office's due jobs. Another process on the same PostgreSQL takes over when this one dies.
const market = app.quotes instanceof SimulatedMarket ? app.quotes : null;
await app.cluster.leadership.whileLeading(() => {
  market?.start(1000);
  app.scheduler.start();
  return async () => {
    market?.stop();
    await app.scheduler.stop();
  };
});
app.cluster.leadership.start();
const shown = config.publicUrl;
app.log.info(`Kontor läuft auf ${shown} (Datenbank: ${database.kind}; ${app.cluster.leadership.isLeader ? 'führt Orderbuch, Markt und Aufträge' : `übergibt Orders an ${await app.cluster.leadership.leaderUrl()}`})`);
console.log(`\n  Kontor läuft auf ${shown}`);
if (config.devTools) {
  app.log.warn('developer tools are on (/dev: SMS outbox, market moves, clock, companion app, deposits): a local demo, not a deployment');
  console.log('  Entwicklerwerkzeuge sind an (/dev: SMS-Codes, Marktbewegungen, Uhr, Kontor-App, Einzahlungen): nur für die lokale Demo.');
}
if (config.seedDemoData && app.identity) {
  console.log(`  Demo-Kunde: ${DEMO_CUSTOMER.username} / ${DEMO_CUSTOMER.password}${config.devTools ? ` (SMS-Codes unter ${shown}/dev/outbox)` : ''}`);
}
console.log('');
