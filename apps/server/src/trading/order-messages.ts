import type { OrderStreamMessage } from '@kontor/domain/trading-contracts';

/** A message on a customer's live order stream, with the customer it is for. */
export type OrderMessage = OrderStreamMessage & { sub: string };

/**
 * What the customers are told about their orders. Messages wait until the batch that caused them
 * is committed (a failed job takes its own back, a failed batch all of them), then go to each
 * customer's listeners: the live order stream.
 */
export class OrderMessages {
  #outgoing: OrderMessage[] = [];
  readonly #listeners = new Map<string, Set<(m: OrderMessage) => void>>();
  /** Sends the committed messages to the other processes, whose customers may stream from there. */
  relay: ((messages: readonly OrderMessage[]) => void) | null = null;

  push(m: OrderMessage): void {
    this.#outgoing.push(m);
  }

  /** How many wait now: a job that fails takes back what it added since (`takeBackTo`). */
  mark(): number {
    return this.#outgoing.length;
  }

  takeBackTo(mark: number): void {
    this.#outgoing.length = mark;
  }

  /** The messages of the batch so far, handed over (to publish once written). */
  take(): OrderMessage[] {
    const taken = this.#outgoing;
    this.#outgoing = [];
    return taken;
  }

  discard(): void {
    this.#outgoing = [];
  }

  publish(messages: readonly OrderMessage[]): void {
    this.deliver(messages);
    if (messages.length > 0) this.relay?.(messages);
  }

  /** To this process's listeners only (messages relayed from the leading process). */
  deliver(messages: readonly OrderMessage[]): void {
    for (const m of messages) for (const l of this.#listeners.get(m.sub) ?? []) l(m);
  }

  /** Live order messages of one customer (status changes, executions, `tslupdate`s). */
  listen(sub: string, listener: (m: OrderMessage) => void): () => void {
    let set = this.#listeners.get(sub);
    if (!set) this.#listeners.set(sub, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(sub);
    };
  }
}
