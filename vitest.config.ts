import { defineConfig } from 'vitest/config';

// One runner for the whole repo; each workspace is a project with its own environment.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/server/vitest.postgres.config.ts', 'apps/server/vitest.processes.config.ts', 'apps/web', 'apps/web/e2e/vitest.config.ts', 'apps/web/e2e/vitest.second.config.ts'],
  },
});
