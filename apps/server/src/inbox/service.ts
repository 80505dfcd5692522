import Decimal from 'decimal.js';
import type { Clock } from '../platform/clock.ts';
import { notFound } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { contractNote, type ContractNoteData } from '../documents/contract-note.ts';
import type { DocumentStore } from '../documents/store.ts';

/** An execution as its contract note shows it (its record in the trading area). */
export type ExecutionForNote = Omit<ContractNoteData, 'executionId' | 'customerName' | 'wkn' | 'name' | 'side'> & { id: string; side: string };

export type InboxDeps = {
  documents: DocumentStore;
  clock: Clock;
  execution: (id: string) => Promise<ExecutionForNote | undefined>;
  customerName: (sub: string) => Promise<string>;
  instrumentInfo: (isin: string) => Promise<{ name: string; wkn: string | null } | undefined>;
};

/** The Posteingang: the customer's documents, and each as a PDF (opening one marks it read). */
export function inboxService(d: InboxDeps) {
  return {
    async list(sub: string) {
      return (await d.documents.list(sub)).map(({ ref: _ref, ...doc }) => doc);
    },

    async pdf(sub: string, id: string): Promise<{ pdf: Buffer; filename: string }> {
      const doc = isUuid(id) ? await d.documents.get(sub, id) : undefined;
      if (!doc || doc.kind !== 'contract_note') throw notFound('Dieses Dokument gibt es nicht.');
      const e = await d.execution(doc.ref);
      if (!e) throw notFound('Dieses Dokument gibt es nicht.');
      const info = await d.instrumentInfo(e.isin);
      const pdf = await contractNote({
        executionId: e.id,
        orderId: e.orderId,
        customerName: await d.customerName(sub),
        side: e.side as 'buy' | 'sell',
        isin: e.isin,
        wkn: info?.wkn ?? null,
        name: info?.name ?? e.isin,
        quantity: new Decimal(e.quantity).toFixed(),
        price: new Decimal(e.price).toFixed(),
        currency: e.currency,
        fxRate: e.fxRate,
        value: e.value,
        fee: e.fee,
        realisedPnl: e.realisedPnl,
        executedAt: e.executedAt,
      });
      await d.documents.markRead(sub, doc.id, d.clock.now());
      return { pdf, filename: `wertpapierabrechnung-${e.isin}-${e.id.slice(-8)}.pdf` };
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
