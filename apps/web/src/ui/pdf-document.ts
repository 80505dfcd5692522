import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
// The worker as its own asset, served by Vite next to the app (no CDN).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js behind a small interface. This module is imported only when the viewer opens, so the
 * library never weighs on the app's first load.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = {
  pages: number;
  /** Draws a page (1-based) at a scale (1 = 72 dpi) onto the canvas, sharp on high-density screens. */
  render(page: number, canvas: HTMLCanvasElement, scale: number): { done: Promise<void>; cancel: () => void };
  /** The width of a page at scale 1, in CSS pixels, to fit it to the screen. */
  width(page: number): Promise<number>;
  destroy(): void;
};

export async function openPdf(bytes: ArrayBuffer): Promise<PdfDocument> {
  const loading = getDocument({ data: new Uint8Array(bytes) });
  const pdf: PDFDocumentProxy = await loading.promise;
  return {
    pages: pdf.numPages,
    async width(page) {
      return (await pdf.getPage(page)).getViewport({ scale: 1 }).width;
    },
    render(page, canvas, scale) {
      let task: RenderTask | null = null;
      let cancelled = false;
      const done = (async () => {
        const proxy = await pdf.getPage(page);
        if (cancelled) return;
        const viewport = proxy.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        task = proxy.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        try {
          await task.promise;
        } catch (error) {
          // A render replaced by the next one (page turned, zoomed) is not a failure.
          if ((error as { name?: string }).name !== 'RenderingCancelledException') throw error;
        }
      })();
      return {
        done,
        cancel: () => {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    // Ends the worker too.
    destroy: () => void loading.destroy(),
  };
}
