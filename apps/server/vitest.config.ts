import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The built server as processes of its own: a project of their own (vitest.processes.config.ts).
    exclude: ['**/node_modules/**', '**/*.process.test.ts'],
    environment: 'node',
    // Each file builds its own app on its own database and closes it, no module mocks: the files of
    // a worker share one module cache instead of importing the whole server anew per file (vitest's
    // import time of a whole pass: 285 s in CI before, 29 s after in a run of the pass on its own).
    isolate: false,
    // PGlite boots in a second or two; PostgreSQL databases are created per test file. A cap that only
    // a hang reaches: the slowest cases take 10–20 s quiet and up to twice that beside two busy cores.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
