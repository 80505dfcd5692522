import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';

describe('developer tools (SMS outbox, clock, market moves, deposits)', () => {
  it('are off unless turned on, in development and in production alike', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' }).devTools).toBe(true);
  });

  it('refuse to start on a public address unless a public demo is meant (KONTOR_DEMO=1)', () => {
    const publicDemo = { NODE_ENV: 'production', DEV_TOOLS: 'true', PUBLIC_URL: 'https://kontor.example' } as const;
    expect(() => loadConfig(publicDemo)).toThrow(/DEV_TOOLS: .*https:\/\/kontor\.example.*KONTOR_DEMO=1/);
    expect(loadConfig({ ...publicDemo, KONTOR_DEMO: '1' }).devTools).toBe(true);
    expect(loadConfig({ ...publicDemo, DEV_TOOLS: 'false' }).devTools).toBe(false);
    for (const local of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://[::1]:8080']) {
      expect(loadConfig({ ...publicDemo, PUBLIC_URL: local }).devTools, local).toBe(true);
    }
  });

  describe('a server started without the variable', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { DEV_TOOLS: '' } });
    });
    afterAll(() => t.close());

    it('has no /dev pages and tells the web app so', async () => {
      for (const url of ['/dev/outbox.json', '/api/dev/clock']) {
        expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await t.call({ method: 'GET', url: '/config.json' })).json().devTools).toBe(false);
    });
  });
});
