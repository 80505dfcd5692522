import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
const app = await buildApp({ config, db: database.db });

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const shown = config.publicUrl;
app.log.info(`Kontor läuft auf ${shown} (Datenbank: ${database.kind})`);
console.log(`\n  Kontor läuft auf ${shown}\n`);
