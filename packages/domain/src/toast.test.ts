import { describe, expect, it } from 'vitest';
import { createToast, expireToasts, isToastExpired, toastsAfterRouteChange, type Toast } from './toast';

const NOW = 1_700_000_000_000;

describe('createToast — spec §3 toast message', () => {
  it.each([
    ['a duration: deleted at now + duration', { durationMs: 5000 }, NOW + 5000],
    ['no duration: stays (0)', {}, 0],
    ['duration 0: stays', { durationMs: 0 }, 0],
    ['a negative duration: stays', { durationMs: -1 }, 0],
  ])('%s', (_case, options, deleteAt) => {
    expect(createToast('Gespeichert', 'success', options, NOW).deleteAt).toBe(deleteAt);
  });

  it('carries message, type and the route-change flag', () => {
    const toast = createToast('Order gestrichen', 'info', { deleteOnRouteChange: true }, NOW);
    expect(toast).toMatchObject({ message: 'Order gestrichen', type: 'info', deleteOnRouteChange: true });
    expect(createToast('x', 'error', {}, NOW).deleteOnRouteChange).toBe(false);
  });

  it('gives every toast its own id unless the caller names one', () => {
    const a = createToast('a', 'warning', {}, NOW);
    const b = createToast('b', 'warning', {}, NOW);
    expect(a.id).not.toBe(b.id);
    expect(createToast('c', 'info', { id: 'session-expired' }, NOW).id).toBe('session-expired');
  });
});

describe('expireToasts and toastsAfterRouteChange', () => {
  const make = (id: string, deleteAt: number, deleteOnRouteChange = false): Toast => ({
    id,
    message: id,
    type: 'info',
    deleteOnRouteChange,
    deleteAt,
  });
  const list = [make('stays', 0), make('due', NOW), make('later', NOW + 1), make('past', NOW - 1, true)];

  it('removes toasts whose time has come, also exactly at deleteAt, and keeps the rest in order', () => {
    expect(expireToasts(list, NOW).map((t) => t.id)).toEqual(['stays', 'later']);
    expect(expireToasts(list, NOW - 10).map((t) => t.id)).toEqual(['stays', 'due', 'later', 'past']);
    expect(expireToasts(list, Number.MAX_SAFE_INTEGER).map((t) => t.id)).toEqual(['stays']);
  });

  it('never expires a toast with deleteAt 0', () => {
    expect(isToastExpired(make('x', 0), Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('drops the toasts flagged for deletion on route change', () => {
    const routeList = [make('a', 0, true), make('b', 0), make('c', NOW + 5, true), make('d', NOW + 5)];
    expect(toastsAfterRouteChange(routeList).map((t) => t.id)).toEqual(['b', 'd']);
  });

  it('leaves the input list unchanged', () => {
    const copy = [...list];
    expireToasts(list, NOW);
    toastsAfterRouteChange(list);
    expect(list).toEqual(copy);
  });
});
