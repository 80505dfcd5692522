import { useRef } from 'react';
import { newIdempotencyKey } from './api-client';

/**
 * One Idempotency-Key per submission: the same key while the customer retries the same value
 * (a lost answer must not move money or write a note twice), a new one once it went through or the value changed.
 */
export function useSubmissionKey() {
  const current = useRef<{ value: string; key: string } | null>(null);
  return {
    keyFor(value: string): string {
      if (current.current?.value !== value) current.current = { value, key: newIdempotencyKey() };
      return current.current.key;
    },
    done() {
      current.current = null;
    },
  };
}
