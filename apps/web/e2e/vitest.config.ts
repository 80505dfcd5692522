import { defineProject } from 'vitest/config';

// Browser tests: the real built app served by the real server, driven in Debian's Chromium.
export default defineProject({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 240_000,
    // One browser page at a time per file keeps two cores from thrashing.
    fileParallelism: false,
    // Each file connects to the run's Chromium (global-setup.ts) and closes its contexts; nothing else
    // lives in a module: the files share one module cache instead of importing playwright and axe
    // anew (35 s of 21 files in CI).
    isolate: false,
  },
});
