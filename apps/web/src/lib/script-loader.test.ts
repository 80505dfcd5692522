import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadScript } from './script-loader';

// jsdom does not fetch scripts; the tests play the browser's part by firing load/error.
function scriptFor(url: string): HTMLScriptElement | null {
  return document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`);
}

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
});

describe('loadScript', () => {
  it('injects the script once and resolves every caller when it has loaded', async () => {
    const url = 'https://challenge.example/ok.js';
    const first = loadScript(url);
    const second = loadScript(url);
    expect(document.head.querySelectorAll(`script[src="${url}"]`)).toHaveLength(1);
    scriptFor(url)!.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);
    await expect(loadScript(url)).resolves.toBeUndefined();
    expect(document.head.querySelectorAll(`script[src="${url}"]`)).toHaveLength(1);
  });

  it("rejects with 'Failed to load script {url}' when the script fails, and a retry loads again", async () => {
    const url = 'https://challenge.example/broken.js';
    const attempt = loadScript(url);
    scriptFor(url)!.dispatchEvent(new Event('error'));
    await expect(attempt).rejects.toThrow(new Error(`Failed to load script ${url}`));
    expect(scriptFor(url)).toBeNull();

    const retry = loadScript(url);
    scriptFor(url)!.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBeUndefined();
  });

  it("rejects with 'Script injection timed out after 10000ms' when nothing happens for 10 s", async () => {
    vi.useFakeTimers();
    const url = 'https://challenge.example/slow.js';
    const attempt = loadScript(url);
    const outcome = attempt.then(
      () => 'loaded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(scriptFor(url)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('Script injection timed out after 10000ms');
  });

  it('uses the given timeout in the message', async () => {
    vi.useFakeTimers();
    const attempt = loadScript('https://challenge.example/slower.js', 2_500);
    const assertion = expect(attempt).rejects.toThrow('Script injection timed out after 2500ms');
    await vi.advanceTimersByTimeAsync(2_500);
    await assertion;
  });
});
