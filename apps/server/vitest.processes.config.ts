import { defineProject } from 'vitest/config';

// The built server as separate processes (`*.process.test.ts`): several on one PostgreSQL, one
// killed mid-work. They need `npm run build` first; `npm test` runs them after its build, one file
// at a time (each starts servers of its own).
export default defineProject({
  test: {
    name: 'processes',
    include: ['src/**/*.process.test.ts', 'test/**/*.process.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
