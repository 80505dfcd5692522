import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // PGlite boots in a second or two; PostgreSQL databases are created per test file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
