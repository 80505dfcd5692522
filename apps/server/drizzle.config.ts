import { defineConfig } from 'drizzle-kit';

// Every area keeps its tables in src/<area>/tables.ts; migrations are generated into ./drizzle.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/*/tables.ts',
  out: './drizzle',
});
