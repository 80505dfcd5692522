import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
});

// A cap, not a wait: findBy*/waitFor return as soon as the state is there. A whole-page render
// with user-event takes a second on a quiet runner and has taken over 5 s on a busy one.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no layout engine; React Router's scroll restoration only needs the call to exist.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has no CSS namespace; react-aria's popovers call CSS.escape.
if (typeof globalThis.CSS === 'undefined' || typeof globalThis.CSS.escape !== 'function') {
  const escape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (ch) => `\\${ch}`);
  Object.defineProperty(globalThis, 'CSS', { value: { ...(globalThis.CSS ?? {}), escape }, configurable: true });
}
