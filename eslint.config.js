import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const areas = [
  'identity', 'instruments', 'market', 'trading', 'depot', 'savings-plans', 'watchlists', 'inbox', 'notes',
  'notifications', 'tickets', 'money', 'corporate-actions', 'settings', 'devices', 'onboarding', 'tracking',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/web/test-results/**', 'bench/results/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // The import rules need to resolve TypeScript paths to decide which folder an import comes from.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // One-way imports: a web feature never imports another feature; shared code lives in lib/,
    // ui/ or packages/domain. The domain package imports neither app.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...areas.map((area) => ({
              target: `./apps/web/src/features/${area}`,
              from: './apps/web/src/features',
              except: [`./${area}`],
              message: 'A feature never imports another feature: move shared code to lib/, ui/ or packages/domain.',
            })),
            { target: './apps/web/src/lib', from: './apps/web/src/features', message: 'lib/ must not depend on features.' },
            { target: './apps/web/src/ui', from: './apps/web/src/features', message: 'ui/ must not depend on features.' },
            { target: './apps/web/src/ui', from: './apps/web/src/app', message: 'ui/ must not depend on the app shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@kontor/server*', '@kontor/web*', 'node:*', 'fs', 'path'], message: 'The domain package has no I/O and imports no app.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@kontor/domain', message: 'Import the domain module directly, e.g. @kontor/domain/labels.' }] },
      ],
    },
  },
);
