import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Each file builds its own app on its own database and closes it, no module mocks: the files of
    // a worker share one module cache instead of importing the whole server anew per file (import
    // was about 2 s of CPU per file, more than most files' tests; measured 285 s → 29 s per pass).
    isolate: false,
    // PGlite boots in a second or two; PostgreSQL databases are created per test file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
