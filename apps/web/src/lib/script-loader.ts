import { SCRIPT_INJECTION_TIMEOUT_MS } from '@kontor/domain/constants';

const loaded = new Map<string, Promise<void>>();

/**
 * Injects a third-party script (e.g. the bot-protection challenge) once per URL. Concurrent and
 * later callers share the first load; a failed load is forgotten so that a retry can succeed.
 * Error messages are the ones of spec §8.
 */
export function loadScript(url: string, timeoutMs: number = SCRIPT_INJECTION_TIMEOUT_MS): Promise<void> {
  const existing = loaded.get(url);
  if (existing) return existing;

  const promise = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;

    const fail = (error: Error) => {
      clearTimeout(timer);
      script.remove();
      loaded.delete(url);
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`Script injection timed out after ${timeoutMs}ms`)), timeoutMs);
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', () => fail(new Error(`Failed to load script ${url}`)));
    document.head.appendChild(script);
  });
  loaded.set(url, promise);
  return promise;
}
