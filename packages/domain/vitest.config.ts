import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions, no mocks or globals: the files share one module cache per worker instead of
  // importing everything anew per file (measured: 17 s CPU → 6 s for the 32 files).
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', isolate: false },
});
