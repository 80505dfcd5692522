import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type HeapEntry, IndexedHeap } from './heap.ts';

describe('the indexed heap hands out the lowest key first, equal keys oldest first', () => {
  it('pops 1, 2, 2 (older), 2 (newer), 5', () => {
    const heap = new IndexedHeap<string>();
    heap.push(5n, 1, 'e');
    heap.push(2n, 3, 'c');
    heap.push(1n, 4, 'a');
    heap.push(2n, 2, 'b');
    heap.push(2n, 7, 'd');
    expect(heap.popUpTo(10n).map((e) => e.value)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('popUpTo stops at the first key above the threshold', () => {
    const heap = new IndexedHeap<number>();
    for (const k of [7, 3, 9, 1, 5]) heap.push(BigInt(k), k, k);
    expect(heap.popUpTo(5n).map((e) => e.value)).toEqual([1, 3, 5]);
    expect(heap.size).toBe(2);
  });

  it('agrees with a sorted list under random pushes, removals and re-keys', () => {
    const op = fc.oneof(
      fc.record({ type: fc.constant('push' as const), key: fc.integer({ min: -20, max: 20 }) }),
      fc.record({ type: fc.constant('remove' as const), pick: fc.nat() }),
      fc.record({ type: fc.constant('update' as const), pick: fc.nat(), key: fc.integer({ min: -20, max: 20 }) }),
      fc.record({ type: fc.constant('pop' as const), upTo: fc.integer({ min: -20, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), (ops) => {
        const heap = new IndexedHeap<number>();
        const live: HeapEntry<number>[] = [];
        let seq = 0;
        const order = (a: HeapEntry<number>, b: HeapEntry<number>) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.seq - b.seq);
        for (const o of ops) {
          if (o.type === 'push') live.push(heap.push(BigInt(o.key), seq, seq++));
          else if (o.type === 'remove' && live.length > 0) heap.remove(live.splice(o.pick % live.length, 1)[0]!);
          else if (o.type === 'update' && live.length > 0) heap.update(live[o.pick % live.length]!, BigInt(o.key));
          else if (o.type === 'pop') {
            const expected = live.filter((e) => e.key <= BigInt(o.upTo)).sort(order).map((e) => e.value);
            expect(heap.popUpTo(BigInt(o.upTo)).map((e) => e.value)).toEqual(expected);
            for (const v of expected) live.splice(live.findIndex((e) => e.value === v), 1);
          }
          expect(heap.size).toBe(live.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});
