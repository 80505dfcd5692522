import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Whole-app renders with user-event take seconds on a busy two-core runner; a cap above the
    // 15 s a single findBy* may wait (src/test/setup.ts).
    testTimeout: 45_000,
  },
});
