// npm run backup [-- <file>]     writes the embedded database (DATA_DIR) to a gzip'd tar file,
//                                 by default backups/kontor-<time>.tar.gz
// npm run restore -- <file>      puts a backup into DATA_DIR; a database already there is kept beside it
// PostgreSQL (DATABASE_URL set) is backed up with its own tools: README "Backups".
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupEmbedded, BackupError, restoreEmbedded } from './backup.ts';
import { floatToDecimal } from '@kontor/domain/numbers';

const [command, file] = process.argv.slice(2);
const config = loadConfig();

try {
  if (config.database.kind !== 'pglite') {
    throw new BackupError('Kontor läuft auf PostgreSQL (DATABASE_URL): dafür pg_dump bzw. die Point-in-Time-Recovery des Servers nutzen (README "Backups").');
  }
  const dataDir = config.database.dataDir;
  if (command === 'backup') {
    const target = file ?? path.join('backups', `kontor-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
    const bytes = await backupEmbedded(dataDir, target);
    console.log(`Gesichert: ${dataDir} → ${target} (${floatToDecimal(bytes / 1024 / 1024, 1)} MB)`);
  } else if (command === 'restore' && file) {
    const kept = await restoreEmbedded(file, dataDir);
    console.log(`Eingespielt: ${file} → ${dataDir}${kept ? ` (die bisherige Datenbank liegt unter ${kept})` : ''}`);
  } else {
    throw new BackupError('Aufruf: npm run backup [-- <Datei>] | npm run restore -- <Datei>');
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
