import type { TrackingPayload } from '@kontor/domain/tracking';
import type { Clock } from '../platform/clock.ts';
import type { TrackingStore } from './store.ts';

export function trackingService(deps: { store: TrackingStore; clock: Clock }) {
  return {
    record: (payload: TrackingPayload) => deps.store.insert(payload, deps.clock.now()),
  };
}
export type TrackingService = ReturnType<typeof trackingService>;
