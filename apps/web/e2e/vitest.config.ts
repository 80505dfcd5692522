import { defineProject } from 'vitest/config';

/**
 * The files that run against a server of their own (`e2e-second`): those that move its market
 * clock (time travel, savings-plan and corporate-action dates, ticket deadlines), which would pull
 * the market from under a trade in another file, and the longest flows beside them so that the two
 * servers' runs take about as long. `npm test` runs the two projects side by side: a browser test
 * mostly waits for Chromium and the server (about 0.4 of a core).
 */
export const onTheSecondServer = [
  'time-travel.e2e.test.ts',
  'money.e2e.test.ts',
  'savings-plans.e2e.test.ts',
  'corporate-actions.e2e.test.ts',
  'tickets-dialog.e2e.test.ts',
  'tickets-forms.e2e.test.ts',
  'auth.e2e.test.ts',
  'trading.e2e.test.ts',
  'account-opening.e2e.test.ts',
];

/** Browser tests: the real built app served by the real server, driven in Debian's Chromium. */
export function browserProject(name: string, include: string[], exclude: string[] = []) {
  return defineProject({
    test: {
      name,
      root: new URL('.', import.meta.url).pathname,
      include,
      exclude,
      environment: 'node',
      // Each project's run starts its own server and Chromium.
      globalSetup: ['./global-setup.ts'],
      testTimeout: 180_000,
      hookTimeout: 240_000,
      // One browser page at a time per server keeps two cores from thrashing.
      fileParallelism: false,
      // Each file connects to the run's Chromium (global-setup.ts) and closes its contexts; nothing else
      // lives in a module: the files share one module cache instead of importing playwright and axe
      // anew (35 s of 21 files in CI).
      isolate: false,
    },
  });
}

export default browserProject('e2e', ['**/*.e2e.test.ts'], onTheSecondServer);
