import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button, LinkButton } from './button';
import { CloseIcon, DownloadIcon } from './icons';
import { Notice } from './notice';
import { Skeleton } from './skeleton';
import type { PdfDocument } from './pdf-document';
import { PdfLoadError } from './pdf-load-error';
import styles from './pdf-viewer.module.css';

/** Zoom steps, relative to the page's width fitted to the screen. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
const FIT_ZOOM = ZOOMS.indexOf(1);

type Load = { status: 'loading' } | { status: 'error'; message: string | null; retry: boolean } | { status: 'ready'; pdf: PdfDocument };

export type PdfViewerProps = {
  title: string;
  /** Fetches the PDF's bytes; a thrown PdfLoadError's message is shown, anything else as "cannot be shown". */
  load: (signal: AbortSignal) => Promise<ArrayBuffer>;
  onClose: () => void;
  /** The PDF arrived (e.g. the server has marked the document read). */
  onLoaded?: () => void;
  /** Where "Herunterladen" leads; with a file name instead, the loaded bytes are offered as that file. */
  download: { href: string } | { fileName: string };
};

/**
 * A PDF read inside Kontor, drawn by pdf.js, a page at a time, with page navigation, zoom,
 * download and close (Escape too). Fits the page to the screen's width, so it is readable at
 * 360 px; zooming in scrolls within the dialog. Mount it anew (key) for another document.
 */
export default function PdfViewer({ title, load: loadBytes, onClose, onLoaded, download }: PdfViewerProps) {
  const { t, i18n } = useTranslation();
  // Kontor's documents are German, the legal text, whatever the app's language: said where they open.
  const germanDocument = !i18n.language.startsWith('de');
  const [bytesUrl, setBytesUrl] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(FIT_ZOOM);
  const [fit, setFit] = useState<number | null>(null);
  const [rendering, setRendering] = useState(true);
  const stage = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const fetchBytes = useEffectEvent((signal: AbortSignal) => loadBytes(signal));
  const loaded = useEffectEvent(() => onLoaded?.());
  const offerBytes = 'fileName' in download;

  // Fetch and open the PDF.
  useEffect(() => {
    const abort = new AbortController();
    let pdf: PdfDocument | null = null;
    let url: string | null = null;
    void (async () => {
      try {
        const bytes = await fetchBytes(abort.signal);
        if (abort.signal.aborted) return;
        loaded();
        if (offerBytes) {
          url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
          setBytesUrl(url);
        }
        // pdf.js itself only once there is a PDF to draw (it takes over the buffer, hence a copy).
        const { openPdf } = await import('./pdf-document');
        pdf = await openPdf(bytes.slice(0));
        if (abort.signal.aborted) pdf.destroy();
        else setLoad({ status: 'ready', pdf });
      } catch (error) {
        if (abort.signal.aborted) return;
        if (error instanceof PdfLoadError) setLoad({ status: 'error', message: error.message, retry: error.retry });
        else setLoad({ status: 'error', message: null, retry: true });
      }
    })();
    return () => {
      abort.abort();
      pdf?.destroy();
      if (url) URL.revokeObjectURL(url);
    };
  }, [attempt, offerBytes]);

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
    const task = pdf.render(page, canvas.current, fit * ZOOMS[zoom]!, text.current);
    task.done.then(
      () => setRendering(false),
      () => setLoad({ status: 'error', message: null, retry: true }),
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
            <div className={styles.titles}>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
              {germanDocument && <p className={styles.languageNote}>{t('pdfViewer.languageNote')}</p>}
            </div>
            <Button variant="ghost" size="sm" iconOnly aria-label={t('pdfViewer.close')} onPress={onClose}>
              <CloseIcon />
            </Button>
          </div>
          <div className={styles.toolbar} role="toolbar" aria-label={t('pdfViewer.toolbar')}>
            <div className={styles.group}>
              <Button variant="secondary" size="sm" isDisabled={!pdf || page <= 1} onPress={() => setPage((p) => p - 1)}>
                <span aria-hidden="true" className={styles.narrowOnly}>
                  ‹
                </span>
                <span className="visually-hidden-narrow">{t('pdfViewer.previous')}</span>
              </Button>
              <span className={styles.status} aria-live="polite">
                {pdf ? t('pdfViewer.page', { page, pages }) : ''}
              </span>
              <Button variant="secondary" size="sm" isDisabled={!pdf || page >= pages} onPress={() => setPage((p) => p + 1)}>
                <span className="visually-hidden-narrow">{t('pdfViewer.next')}</span>
                <span aria-hidden="true" className={styles.narrowOnly}>
                  ›
                </span>
              </Button>
            </div>
            <div className={styles.group}>
              <Button variant="secondary" size="sm" iconOnly aria-label={t('pdfViewer.zoomOut')} isDisabled={!pdf || zoom === 0} onPress={() => setZoom((z) => z - 1)}>
                −
              </Button>
              <span className={styles.status} aria-live="polite" aria-label={t('pdfViewer.zoomLevel', { percent: Math.round(ZOOMS[zoom]! * 100) })}>
                {Math.round(ZOOMS[zoom]! * 100)} %
              </span>
              <Button
                variant="secondary"
                size="sm"
                iconOnly
                aria-label={t('pdfViewer.zoomIn')}
                isDisabled={!pdf || zoom === ZOOMS.length - 1}
                onPress={() => setZoom((z) => z + 1)}
              >
                +
              </Button>
              {'href' in download ? (
                <LinkButton variant="secondary" size="sm" href={download.href} download>
                  <DownloadIcon aria-hidden="true" className={styles.narrowOnly} />
                  <span className="visually-hidden-narrow">{t('pdfViewer.download')}</span>
                </LinkButton>
              ) : (
                bytesUrl && (
                  <LinkButton variant="secondary" size="sm" href={bytesUrl} download={download.fileName}>
                    <DownloadIcon aria-hidden="true" className={styles.narrowOnly} />
                    <span className="visually-hidden-narrow">{t('pdfViewer.download')}</span>
                  </LinkButton>
                )
              )}
            </div>
          </div>
          {/* Focusable, so a zoomed page scrolls with the arrow keys. */}
          <div ref={stage} className={styles.stage} aria-busy={busy} tabIndex={0} role="region" aria-label={t('pdfViewer.stage')}>
            {load.status === 'error' ? (
              <div className={styles.error}>
                <Notice tone="danger">{load.message ?? t('pdfViewer.failed')}</Notice>
                {load.retry && (
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
                    <span className="visually-hidden">{t('pdfViewer.loading')}</span>
                    {load.status === 'loading' && <Skeleton height="24rem" />}
                  </div>
                )}
                <div className={styles.page} hidden={!pdf}>
                  <canvas ref={canvas} className={styles.canvas} role="img" aria-label={pdf ? t('pdfViewer.pageImage', { page, pages, title }) : undefined} />
                  {/* The page's words over the picture: selectable, copyable, found by the browser's search; German, as the document is. */}
                  <div ref={text} className={styles.textLayer} data-text-layer="" lang="de" />
                </div>
              </>
            )}
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
