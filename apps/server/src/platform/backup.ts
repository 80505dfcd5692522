import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backup and restore of the embedded database (PGlite under DATA_DIR): the whole data directory as
 * one gzip'd tar file, PGlite's own dump format (`dumpDataDir`, read back with `loadDataDir`).
 * PostgreSQL has its own tools (pg_dump, point-in-time recovery; docs/operations.md).
 *
 * PGlite serves one process: while Kontor runs on the directory it holds `kontor.pid` there
 * (openDatabase), and backup and restore refuse to touch a directory a live process holds.
 */

export const LOCK_FILE = 'kontor.pid';

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** The process holding the directory, if it is alive (a killed server leaves a file with a dead pid). */
export function holderOf(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/** Marks the directory as held by this process; the returned function lets it go. */
export function holdDataDir(dataDir: string): () => void {
  const holder = holderOf(dataDir);
  if (holder) throw new BackupError(`Das Datenverzeichnis ${dataDir} wird schon von Prozess ${holder} benutzt.`);
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // already gone
    }
  };
}

function refuseIfHeld(dataDir: string): void {
  const holder = holderOf(dataDir);
  if (holder) throw new BackupError(`Kontor läuft noch auf ${dataDir} (Prozess ${holder}). Bitte den Server zuerst beenden.`);
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/** Writes the data directory to `file` (gzip'd tar); the number of bytes written. */
export async function backupEmbedded(dataDir: string, file: string): Promise<number> {
  if (isEmptyDir(dataDir)) throw new BackupError(`Unter ${dataDir} liegt keine Datenbank.`);
  refuseIfHeld(dataDir);
  const client = await PGlite.create(dataDir);
  try {
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside and renamed: a backup interrupted half-way never looks complete.
    fs.writeFileSync(`${file}.partial`, bytes);
    fs.renameSync(`${file}.partial`, file);
    return bytes.length;
  } finally {
    await client.close();
  }
}

/**
 * Puts the backup in `file` into `dataDir`. A directory that already holds a database is kept
 * beside it (`<dataDir>.vor-wiederherstellung-<time>`), never overwritten; the path of that copy,
 * if there was one.
 */
export async function restoreEmbedded(file: string, dataDir: string, now = new Date()): Promise<string | null> {
  if (!fs.existsSync(file)) throw new BackupError(`Die Sicherung ${file} gibt es nicht.`);
  refuseIfHeld(dataDir);
  let kept: string | null = null;
  if (!isEmptyDir(dataDir)) {
    kept = `${dataDir}.vor-wiederherstellung-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, kept);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const client = await PGlite.create(dataDir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    // A readable database, or the restore did not happen.
    await client.query('select 1');
    await client.close();
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (kept) fs.renameSync(kept, dataDir);
    throw new BackupError(`Die Sicherung ${file} ließ sich nicht einspielen: ${(error as Error).message}`);
  }
  return kept;
}
