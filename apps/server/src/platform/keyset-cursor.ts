import { isUuid } from './ids.ts';

/**
 * The cursor of keyset paging, newest first: the instant and id of a page's last row, opaque to
 * the client. `decodeCursor` gives null for a cursor Kontor did not make.
 */
export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

export function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(date.getTime())) return null;
  return { at: date, id };
}
