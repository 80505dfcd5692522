import type { FastifyBaseLogger } from 'fastify';
import { renderDocument, type DocumentData } from './render.ts';
import type { DocumentStore } from './store.ts';
import { RECIPIENT_ADDRESS } from './recipient.ts';
import type { PostalAddress } from '@kontor/domain/customer-settings-contracts';

const RENDERABLE: readonly (keyof DocumentData)[] = ['contract_note', 'depot_statement', 'account_statement', 'cost_report', 'savings_plan_execution', 'ticket_confirmation', 'tax_certificate', 'tax_statement', 'corporate_action_notice', 'corporate_action_statement', 'account_opening'];
/** Documents rendered per round; between rounds the renderer gives way (order entry comes first). */
const BATCH = 4;
/** The pause after a round is this many times as long as the round took: at most a quarter of a core. */
const YIELD_FACTOR = 3;

/**
 * Renders issued documents into PDFs after their transaction committed
 * (docs/decisions/016-documents-rendered-once-after-commit.md): in issue order, a few at a time,
 * woken when a document is issued and at start. `pdf` renders one on demand when it is opened
 * before its turn. Either way it is rendered from the stored data once, and the bytes stored first
 * are the ones every later reader gets.
 */
export function documentRenderer(d: {
  store: DocumentStore;
  /** The holder's name as the PDF shows it: the order path and the scheduler's jobs do not look it up. */
  holderName: (sub: string) => Promise<string>;
  /** The address on file now, for a document issued without one stored (before addresses were). */
  currentAddress: (sub: string) => Promise<PostalAddress | null>;
  log: FastifyBaseLogger;
  /** Least pause between rounds while more are waiting. */
  pauseMs?: number;
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function render(row: { id: string; sub: string; kind: string; issuedAt: Date; data: Record<string, unknown> }): Promise<Buffer | undefined> {
    const data = { ...row.data };
    if (typeof data.customerName !== 'string') data.customerName = await d.holderName(row.sub);
    if (!(RECIPIENT_ADDRESS in data)) data[RECIPIENT_ADDRESS] = await d.currentAddress(row.sub);
    const pdf = await renderDocument(row.kind, data, row.issuedAt);
    return pdf && d.store.storePdf(row.id, pdf, data);
  }

  /** One round; true when there may be more. */
  async function round(): Promise<boolean> {
    const rows = await d.store.unrendered(RENDERABLE, BATCH);
    for (const row of rows) await render(row);
    return rows.length === BATCH;
  }

  async function drain(pause: boolean): Promise<void> {
    do {
      again = false;
      for (;;) {
        const started = performance.now();
        if (stopped || !(await round())) break;
        const wait = Math.max(d.pauseMs ?? 20, (performance.now() - started) * YIELD_FACTOR);
        if (pause) await new Promise((r) => setTimeout(r, wait));
      }
    } while (again && !stopped);
  }

  const renderer = {
    /** After an issue: render soon, after the issuing transaction has committed. */
    wake(): void {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      timer ??= setTimeout(() => {
        timer = undefined;
        running = drain(true)
          .catch((e: unknown) => d.log.error({ err: e }, 'rendering documents failed'))
          .finally(() => (running = undefined));
      }, 10);
      timer.unref();
    },

    /** Renders everything not yet rendered, now (start, tests). */
    async renderPending(): Promise<void> {
      await running;
      await drain(false);
    },

    /** The PDF of one of the customer's documents: stored, or rendered now; undefined when there is none. */
    async pdf(sub: string, id: string): Promise<{ pdf: Buffer; kind: string; issuedAt: Date; title: string; pdfTitle: string | null; pdfIsin: string | null } | undefined> {
      const row = await d.store.document(sub, id);
      if (!row) return undefined;
      const pdf = row.pdf ?? (await render(row));
      return pdf && { pdf, kind: row.kind, issuedAt: row.issuedAt, title: row.title, pdfTitle: row.pdfTitle, pdfIsin: row.pdfIsin };
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
  d.store.onIssued(() => renderer.wake());
  return renderer;
}
export type DocumentRenderer = ReturnType<typeof documentRenderer>;
