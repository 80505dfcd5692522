import type { FastifyBaseLogger } from 'fastify';
import { renderDocument } from './render.ts';
import type { DocumentStore } from './store.ts';
import { QUEUED_KINDS } from './tables.ts';
import { RECIPIENT_ADDRESS } from './recipient.ts';
import type { PostalAddress } from '@kontor/domain/customer-settings-contracts';

const QUEUED: ReadonlySet<string> = new Set(QUEUED_KINDS);
type Unrendered = { id: string; sub: string; kind: string; issuedAt: Date; data: Record<string, unknown> };
/** Documents rendered per round; between rounds the renderer gives way (order entry comes first). */
const BATCH = 4;
/** The pause after a round is this many times as long as the round took: at most a quarter of a core. */
const YIELD_FACTOR = 3;

/**
 * Renders issued documents into PDFs (docs/decisions/016-documents-rendered-once-after-commit.md).
 * The queued kinds (QUEUED_KINDS: one customer's trade, request or account opening) after their
 * transaction committed: in issue order, a few at a time, woken when one is issued and at start.
 * Every other kind (issued by a job to many customers at once) when it is first opened, so a
 * savings-plan day leaves no backlog (docs/decisions/040-bulk-documents-rendered-on-first-opening.md);
 * `pdf` also renders a queued one opened before its turn. Either way a document is rendered from
 * its stored data once: openings of the same document in this process share one rendering, and the
 * bytes stored first (another process may race) are the ones every reader gets.
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

  /** Renderings under way, by document id: a second opening waits for the first instead of rendering again. */
  const underway = new Map<string, Promise<Buffer | undefined>>();

  function render(row: Unrendered): Promise<Buffer | undefined> {
    let rendering = underway.get(row.id);
    if (!rendering) {
      rendering = renderAndStore(row).finally(() => underway.delete(row.id));
      underway.set(row.id, rendering);
    }
    return rendering;
  }

  async function renderAndStore(row: Unrendered): Promise<Buffer | undefined> {
    const data = { ...row.data };
    if (typeof data.customerName !== 'string') data.customerName = await d.holderName(row.sub);
    if (!(RECIPIENT_ADDRESS in data)) data[RECIPIENT_ADDRESS] = await d.currentAddress(row.sub);
    const pdf = await renderDocument(row.kind, data, row.issuedAt);
    return pdf && d.store.storePdf(row.id, pdf, data);
  }

  /** One round; true when there may be more. */
  async function round(): Promise<boolean> {
    const rows = await d.store.unrendered(BATCH);
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

    /** Renders every queued document not yet rendered, now (tests). */
    async renderPending(): Promise<void> {
      await running;
      await drain(false);
    },

    /** The PDF of one of the customer's documents: stored, or rendered now; undefined when there is none. */
    async pdf(sub: string, id: string): Promise<{ pdf: Buffer; kind: string; issuedAt: Date; readAt: Date | null; title: string; pdfTitle: string | null; pdfIsin: string | null } | undefined> {
      const row = await d.store.document(sub, id);
      if (!row) return undefined;
      const pdf = row.pdf ?? (await render(row));
      return pdf && { pdf, kind: row.kind, issuedAt: row.issuedAt, readAt: row.readAt, title: row.title, pdfTitle: row.pdfTitle, pdfIsin: row.pdfIsin };
    },

    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
  d.store.onIssued((kind) => {
    if (QUEUED.has(kind)) renderer.wake();
  });
  return renderer;
}
export type DocumentRenderer = ReturnType<typeof documentRenderer>;
