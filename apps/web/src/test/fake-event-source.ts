/**
 * jsdom has no EventSource. This one stands in for it (vi.stubGlobal('EventSource', FakeEventSource)):
 * it records every stream the app opens, stays silent unless a test plays the server's part with
 * `open`, `emit` and `fail`, and knows when the app closed it.
 */
export class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];

  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readyState = 0;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  /** The streams opened at this path (e.g. '/api/trading/stream') that are still open, newest last. */
  static openAt(pathname: string): FakeEventSource[] {
    return FakeEventSource.opened.filter((s) => !s.closed && new URL(s.url, 'http://localhost').pathname === pathname);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  /** The server answered 200: the stream is open. */
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** A named event (`event: status`) with its JSON data. */
  emit(type: string, data: unknown): void {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** The server refused the stream (e.g. 401): the browser gives up on it. */
  fail(): void {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}
