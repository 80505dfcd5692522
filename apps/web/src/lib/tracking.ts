import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { systemEndpoints } from '@kontor/domain/endpoints/system';
import { trackingPayload, type TrackingPayload } from '@kontor/domain/tracking';
import { api, callUnparsed, type ApiClient } from './api-client';

export const TRACKING_URL = '/api/user/tracking';

export interface CampaignTracker {
  /** Sends the fz* parameters of a query string, once per distinct payload. */
  track(search: string): void;
}

/**
 * Marketing campaign tracking (spec §2, §7): a landing with fzsrc & co. is reported once. The
 * tracker remembers what it sent, so StrictMode's double effects and re-renders on the same query
 * never send twice. The result is ignored and failures are swallowed — tracking must never get in
 * the customer's way.
 */
export function createCampaignTracker(client: ApiClient = api): CampaignTracker {
  const sent = new Set<string>();
  return {
    track(search) {
      const payload: TrackingPayload | null = trackingPayload(search);
      if (!payload) return;
      const key = JSON.stringify(payload);
      if (sent.has(key)) return;
      sent.add(key);
      // Unparsed (no answer): every landing loads this at first.
      callUnparsed<typeof systemEndpoints.tracking>(client, { method: 'POST', path: TRACKING_URL }, { body: payload, skipGlobalErrorHandler: true }).catch(() => {});
    },
  };
}

const appTracker = createCampaignTracker();

/** Mounted once inside the router; reads the fz* parameters on any route. */
export function useCampaignTracking(tracker: CampaignTracker = appTracker): void {
  const { search } = useLocation();
  useEffect(() => {
    tracker.track(search);
  }, [search, tracker]);
}
