import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { api } from '../../lib/api-client';
import { Button, LinkButton } from '../../ui/button';
import { CloseIcon } from '../../ui/icons';
import { Notice } from '../../ui/notice';
import { Skeleton } from '../../ui/skeleton';
import type { PdfDocument } from './pdf-document';
import styles from './pdf-viewer.module.css';

/** Zoom steps, relative to the page's width fitted to the screen. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT_ZOOM = ZOOMS.indexOf(1);

type Load = { status: 'loading' } | { status: 'error'; notFound: boolean } | { status: 'ready'; pdf: PdfDocument };

export type PdfViewerProps = {
  documentId: string;
  title: string;
  onClose: () => void;
  /** The PDF arrived: the server has marked the document read. */
  onOpened: (id: string) => void;
};

const pdfUrl = (id: string, download?: boolean) => api.url(`/api/posteingang/${encodeURIComponent(id)}/pdf`, download ? { download: 1 } : undefined);

/**
 * A document read inside Kontor: the PDF as it was sent, drawn by pdf.js, a page at a time, with
 * page navigation, zoom, download and close (Escape too). Fits the page to the screen's width, so
 * it is readable at 360 px; zooming in scrolls within the dialog.
 */
export default function PdfViewer({ documentId, title, onClose, onOpened }: PdfViewerProps) {
  const { t } = useTranslation();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(FIT_ZOOM);
  const [fit, setFit] = useState<number | null>(null);
  const [rendering, setRendering] = useState(true);
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const opened = useEffectEvent((id: string) => onOpened(id));

  // Fetch and open the PDF (the page keys the viewer by document: another one starts afresh).
  useEffect(() => {
    const abort = new AbortController();
    let pdf: PdfDocument | null = null;
    void (async () => {
      try {
        const response = await fetch(pdfUrl(documentId), { credentials: 'include', signal: abort.signal });
        if (!response.ok) {
          setLoad({ status: 'error', notFound: response.status === 404 });
          return;
        }
        const bytes = await response.arrayBuffer();
        opened(documentId);
        // pdf.js itself only once there is a PDF to draw.
        const { openPdf } = await import('./pdf-document');
        pdf = await openPdf(bytes);
        if (abort.signal.aborted) pdf.destroy();
        else setLoad({ status: 'ready', pdf });
      } catch {
        if (!abort.signal.aborted) setLoad({ status: 'error', notFound: false });
      }
    })();
    return () => {
      abort.abort();
      pdf?.destroy();
    };
  }, [documentId, attempt]);

  // The scale at which a page fills the stage's width, again whenever the window changes size.
  const pdf = load.status === 'ready' ? load.pdf : null;
  useEffect(() => {
    if (!pdf) return;
    let stale = false;
    const measure = () =>
      void pdf.width(1).then((width) => {
        const room = (stage.current?.clientWidth ?? width) - 16;
        if (!stale) setFit(Math.max(0.2, Math.min(room / width, 2)));
      });
    measure();
    window.addEventListener('resize', measure);
    return () => {
      stale = true;
      window.removeEventListener('resize', measure);
    };
  }, [pdf]);

  useEffect(() => {
    if (!pdf || fit === null || !canvas.current) return;
    setRendering(true);
    const task = pdf.render(page, canvas.current, fit * ZOOMS[zoom]!);
    task.done.then(
      () => setRendering(false),
      () => setLoad({ status: 'error', notFound: false }),
    );
    return task.cancel;
  }, [pdf, fit, page, zoom]);

  const pages = pdf?.pages ?? 0;
  const busy = load.status === 'loading' || (load.status === 'ready' && (fit === null || rendering));
  return (
    <ModalOverlay className={styles.overlay} isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className={styles.modal}>
        <Dialog className={styles.dialog} data-pdf-viewer="">
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
            <Button variant="ghost" size="sm" iconOnly aria-label={t('inbox.viewer.close')} onPress={onClose}>
              <CloseIcon />
            </Button>
          </div>
          <div className={styles.toolbar} role="toolbar" aria-label={t('inbox.viewer.toolbar')}>
            <div className={styles.group}>
              <Button variant="secondary" size="sm" isDisabled={!pdf || page <= 1} onPress={() => setPage((p) => p - 1)}>
                {t('inbox.viewer.previous')}
              </Button>
              <span className={styles.status} aria-live="polite">
                {pdf ? t('inbox.viewer.page', { page, pages }) : ''}
              </span>
              <Button variant="secondary" size="sm" isDisabled={!pdf || page >= pages} onPress={() => setPage((p) => p + 1)}>
                {t('inbox.viewer.next')}
              </Button>
            </div>
            <div className={styles.group}>
              <Button variant="secondary" size="sm" iconOnly aria-label={t('inbox.viewer.zoomOut')} isDisabled={!pdf || zoom === 0} onPress={() => setZoom((z) => z - 1)}>
                −
              </Button>
              <span className={styles.status} aria-live="polite" aria-label={t('inbox.viewer.zoomLevel', { percent: Math.round(ZOOMS[zoom]! * 100) })}>
                {Math.round(ZOOMS[zoom]! * 100)} %
              </span>
              <Button
                variant="secondary"
                size="sm"
                iconOnly
                aria-label={t('inbox.viewer.zoomIn')}
                isDisabled={!pdf || zoom === ZOOMS.length - 1}
                onPress={() => setZoom((z) => z + 1)}
              >
                +
              </Button>
              <LinkButton variant="secondary" size="sm" href={pdfUrl(documentId, true)} download>
                {t('inbox.download')}
              </LinkButton>
            </div>
          </div>
          {/* Focusable, so a zoomed page scrolls with the arrow keys. */}
          <div ref={stage} className={styles.stage} aria-busy={busy} tabIndex={0} role="region" aria-label={t('inbox.viewer.stage')}>
            {load.status === 'error' ? (
              <div className={styles.error}>
                <Notice tone="danger">{t(load.notFound ? 'inbox.viewer.notFound' : 'inbox.viewer.failed')}</Notice>
                {!load.notFound && (
                  <Button
                    variant="secondary"
                    onPress={() => {
                      setLoad({ status: 'loading' });
                      setAttempt((a) => a + 1);
                    }}
                  >
                    {t('common.retry')}
                  </Button>
                )}
              </div>
            ) : (
              <>
                {busy && (
                  <div className={styles.loading} role="status">
                    <span className="visually-hidden">{t('inbox.viewer.loading')}</span>
                    {load.status === 'loading' && <Skeleton height="24rem" />}
                  </div>
                )}
                <canvas
                  ref={canvas}
                  className={styles.canvas}
                  role="img"
                  aria-label={pdf ? t('inbox.viewer.pageImage', { page, pages, title }) : undefined}
                  hidden={!pdf}
                />
              </>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
