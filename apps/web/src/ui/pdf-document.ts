import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
// The worker as its own asset, served by Vite next to the app (no CDN).
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * pdf.js behind a small interface. This module is imported only when the viewer opens, so the
 * library never weighs on the app's first load.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = {
  pages: number;
  /**
   * Draws a page (1-based) at a scale (1 = 72 dpi) onto the canvas, sharp on high-density screens,
   * and its text into `text` (pdf.js's text layer: the words can be selected, copied and found).
   */
  render(page: number, canvas: HTMLCanvasElement, scale: number, text?: HTMLElement | null): { done: Promise<void>; cancel: () => void };
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
    render(page, canvas, scale, text) {
      let task: RenderTask | null = null;
      let layer: TextLayer | null = null;
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
        if (!text || cancelled) return;
        text.replaceChildren();
        // The layer sizes itself and its words by the page's scale.
        text.style.setProperty('--scale-factor', String(scale));
        text.style.setProperty('--total-scale-factor', String(scale));
        layer = new TextLayer({ textContentSource: proxy.streamTextContent(), container: text, viewport });
        await layer.render();
      })();
      return {
        done,
        cancel: () => {
          cancelled = true;
          task?.cancel();
          layer?.cancel();
        },
      };
    },
    // Ends the worker too.
    destroy: () => void loading.destroy(),
  };
}
