import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The key under which TANs are stored (decision 030): TAN_HASH_KEY, or else a random key made
 * once in DATA_DIR/tan-hash.key (mode 0600) and read from there after, so `npm start` needs no
 * setting and a restart keeps accepting the TANs it sent. Processes on one PostgreSQL must share
 * it: the same DATA_DIR does, or TAN_HASH_KEY given to each.
 */
export function tanHashKeyOf(config: Config, log: { warn(message: string): void }): string {
  if (config.tanHashKey) return config.tanHashKey;
  if (config.env === 'production' && config.database.kind === 'postgres') {
    log.warn(
      `TAN_HASH_KEY is not set: stored TANs are keyed with ${config.tanHashKeyFile}. Every process on this database must read the same file (or set the same TAN_HASH_KEY, at least 32 bytes), or TANs sent by one are refused by another.`,
    );
  }
  return keyFile(config.tanHashKeyFile);
}

function keyFile(file: string): string {
  const read = () => fs.readFileSync(file, 'utf8').trim();
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and linked into place: of processes starting at once, one key wins and all read it.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    fs.linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.unlinkSync(partial);
  }
  return read();
}
