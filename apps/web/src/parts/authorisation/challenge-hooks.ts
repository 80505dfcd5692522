import { useEffect, useRef, useState } from 'react';
import { APP_POLL_MS, fetchChallengeStatus, type ChallengeStatus } from './authorisation-api';

/**
 * Asks GET /api/ticket/challenges/{ticket} every APP_POLL_MS while `ticket` is set, and hands each status to
 * `onStatus`. Stops on unmount, when the ticket changes, and once the state is no longer PENDING.
 * A failed request (a network blip) is simply asked again next time.
 */
export function useChallengePoll(ticket: string | null, onStatus: (status: ChallengeStatus) => void): void {
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  });
  useEffect(() => {
    if (!ticket) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      let status: ChallengeStatus | null;
      try {
        status = await fetchChallengeStatus(ticket, abort.signal);
      } catch {
        status = null;
      }
      if (abort.signal.aborted) return;
      if (status) latest.current(status);
      if (!status || status.state === 'PENDING') timer = setTimeout(() => void poll(), APP_POLL_MS);
    };
    timer = setTimeout(() => void poll(), APP_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [ticket]);
}

/**
 * Milliseconds left until `deadline` (a Date.now() value), ticking each second; `onExpired` once
 * it reaches 0. Mount it anew per deadline (key). The deadline is the browser's own (received +
 * validity), so a server clock moved forward in the demo does not confuse the countdown.
 */
export function useCountdown(deadline: number, onExpired: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef(onExpired);
  useEffect(() => {
    expired.current = onExpired;
  });
  useEffect(() => {
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= deadline) {
        clearInterval(timer);
        expired.current();
      }
    }, 1_000);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}

/** 299000 → "4:59". */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1_000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
