/**
 * A PDF that could not be loaded, with the message the viewer shows (e.g. "not in your
 * Posteingang"); `retry`: another try may help. Apart from the viewer, so callers need not load it.
 */
export class PdfLoadError extends Error {
  constructor(
    message: string,
    readonly retry = false,
  ) {
    super(message);
  }
}
