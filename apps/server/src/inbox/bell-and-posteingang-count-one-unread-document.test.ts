import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@kontor/domain/notifications';
import type { PosteingangUnread } from '@kontor/domain/posteingang-contracts';
import { documentStore } from '../documents/store.ts';
import { signedInCustomer, type SignedInCustomer } from '../../test/customer.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// One unread model: a document new in the Posteingang is one unread notification in the bell, and
// reading it in either place reads it in both.
let t: TestApp;
let c: SignedInCustomer;
const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) => t.call({ method, url, headers: c.headers, ...(payload ? { payload } : {}) });
const bell = async () => (await as('GET', '/api/notification')).json() as { unread: number; items: Notification[] };
const posteingang = async () => (await as('GET', '/api/posteingang/unread')).json() as PosteingangUnread;

async function newDocument(n: number): Promise<string> {
  const store = documentStore(t.database.db);
  await t.database.db.transaction((tx) =>
    store.issue(tx, c.sub, new Date(`2026-11-23T0${n}:00:00Z`), {
      kind: 'ticket_confirmation',
      dedupeKey: `ticket:demo-${n}`,
      title: `Bestätigung ${n}`,
      pdfTitle: null,
      pdfIsin: null,
      notify: true,
      data: {},
    }),
  );
  const note = (await bell()).items.find((i) => i.kind === 'DOCUMENT' && i.body.includes(`Bestätigung ${n}`));
  return note!.documentId!;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-23T09:00:00Z' });
  c = await signedInCustomer(t.app, t.database.db, 'one-unread');
});
afterAll(async () => t.close());

describe('the bell and the Posteingang count one unread document', () => {
  it('reading or unreading a document in the Posteingang moves the bell with it, and reading its notification reads the document', async () => {
    const first = await newDocument(1);
    const second = await newDocument(2);
    expect((await bell()).unread).toBe(2);
    expect((await posteingang()).documents).toBe(2);

    expect((await as('PUT', `/api/posteingang/${first}/read`, { read: true })).statusCode).toBe(204);
    expect({ bell: (await bell()).unread, posteingang: (await posteingang()).documents }).toEqual({ bell: 1, posteingang: 1 });

    expect((await as('PUT', `/api/posteingang/${first}/read`, { read: false })).statusCode).toBe(204);
    expect({ bell: (await bell()).unread, posteingang: (await posteingang()).documents }).toEqual({ bell: 2, posteingang: 2 });

    const note = (await bell()).items.find((i) => i.documentId === second)!;
    expect((await as('POST', `/api/notification/${note.id}/read`)).statusCode).toBe(204);
    expect({ bell: (await bell()).unread, posteingang: (await posteingang()).documents }).toEqual({ bell: 1, posteingang: 1 });
    const listed = (await as('GET', '/api/posteingang?limit=10')).json() as { documents: { id: string; read: boolean }[] };
    expect(listed.documents.find((d) => d.id === second)?.read).toBe(true);
  });
});
