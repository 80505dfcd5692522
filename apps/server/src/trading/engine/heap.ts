/**
 * A binary min-heap on (key, seq) whose entries know their position, so an entry can be removed
 * or re-keyed in O(log n) (a cancelled order, a ratcheting trailing stop). A max-heap stores
 * negated keys. seq breaks ties: equal keys leave in the order they came (time priority).
 */
export type HeapEntry<T> = { key: bigint; seq: number; pos: number; value: T };

const before = <T>(a: HeapEntry<T>, b: HeapEntry<T>) => a.key < b.key || (a.key === b.key && a.seq < b.seq);

export class IndexedHeap<T> {
  #items: HeapEntry<T>[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(key: bigint, seq: number, value: T): HeapEntry<T> {
    const entry: HeapEntry<T> = { key, seq, pos: this.#items.length, value };
    this.#items.push(entry);
    this.#up(entry.pos);
    return entry;
  }

  peek(): HeapEntry<T> | undefined {
    return this.#items[0];
  }

  pop(): HeapEntry<T> | undefined {
    const top = this.#items[0];
    if (top) this.remove(top);
    return top;
  }

  /** Pops every entry whose key is at most `threshold`, smallest first. */
  popUpTo(threshold: bigint): HeapEntry<T>[] {
    const out: HeapEntry<T>[] = [];
    for (let top = this.#items[0]; top && top.key <= threshold; top = this.#items[0]) {
      this.remove(top);
      out.push(top);
    }
    return out;
  }

  remove(entry: HeapEntry<T>): void {
    const i = entry.pos;
    if (i < 0 || this.#items[i] !== entry) return;
    const last = this.#items.pop()!;
    entry.pos = -1;
    if (last === entry) return;
    this.#items[i] = last;
    last.pos = i;
    this.#up(i);
    this.#down(last.pos);
  }

  update(entry: HeapEntry<T>, key: bigint): void {
    entry.key = key;
    this.#up(entry.pos);
    this.#down(entry.pos);
  }

  #up(i: number): void {
    const items = this.#items;
    const entry = items[i]!;
    while (i > 0) {
      const parentIndex = (i - 1) >> 1;
      const parent = items[parentIndex]!;
      if (!before(entry, parent)) break;
      items[i] = parent;
      parent.pos = i;
      i = parentIndex;
    }
    items[i] = entry;
    entry.pos = i;
  }

  #down(i: number): void {
    const items = this.#items;
    const n = items.length;
    const entry = items[i]!;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const child = r < n && before(items[r]!, items[l]!) ? r : l;
      if (!before(items[child]!, entry)) break;
      items[i] = items[child]!;
      items[i]!.pos = i;
      i = child;
    }
    items[i] = entry;
    entry.pos = i;
  }
}
