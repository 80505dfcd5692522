import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The spec's areas and every folder under features/, so a new feature is fenced in from its first file.
const areas = [
  ...new Set([
    'identity', 'instruments', 'market', 'trading', 'depot', 'savings-plans', 'watchlists', 'inbox', 'notes',
    'notifications', 'tickets', 'money', 'corporate-actions', 'settings', 'devices', 'onboarding', 'tracking',
    ...fs.readdirSync(new URL('./apps/web/src/features', import.meta.url)),
  ]),
];

// The server's areas in layers, lowest first (decision 035). An area imports only areas of the
// layers below its own, never one beside it or above it; any area may read another's tables
// (tables.ts: the database schema is one layer under all of them). app.ts, main.ts and the other
// files at the top of src/ put the areas together and may import all of them. A new folder under
// apps/server/src must be given its layer here before lint passes.
const serverLayers = [
  ['platform'],
  ['instruments'],
  ['market', 'messages', 'notes', 'outbox', 'system', 'tracking', 'watchlists'],
  ['cluster'],
  ['identity'],
  ['notifications'],
  ['scheduler'],
  ['documents', 'security-log'],
  ['tax', 'authorisations', 'inbox', 'oauth'],
  ['bookings', 'customer-settings', 'devices', 'email-change'],
  ['trading', 'corporate-actions', 'savings-plans', 'depot', 'performance', 'stats'],
  ['money'],
  ['income', 'tickets', 'onboarding'],
];
const serverSrc = new URL('./apps/server/src', import.meta.url);
const unplaced = fs.readdirSync(serverSrc, { withFileTypes: true }).filter((d) => d.isDirectory() && !serverLayers.flat().includes(d.name));
if (unplaced.length) throw new Error(`eslint.config.js: give the server area(s) ${unplaced.map((d) => d.name).join(', ')} a layer in serverLayers`);
const DOMAIN_WHOLE = { name: '@kontor/domain', message: 'Import the domain module directly, e.g. @kontor/domain/labels.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/web/test-results/**', 'bench/results/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Numbers are rounded and printed in one place (packages/domain/src/numbers.ts): no `.toFixed(`
  // and no decimal comma made by hand. Tests may build their expected strings independently.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['packages/domain/src/numbers.ts', '**/*.test.{ts,tsx}', 'apps/web/e2e/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='toFixed']",
          message: 'Use @kontor/domain/numbers: toWireAmount (money), toWireDecimal (quantities, prices, rates), floatToDecimal (floats that are no amounts).',
        },
        {
          selector: "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.value=','][arguments.0.value='.']",
          message: 'A decimal comma comes from @kontor/domain/numbers (formatNumber, formatMoney, formatQuantity, formatPercent).',
        },
        {
          selector: "CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.value=','][arguments.0.regex.pattern='\\\\.']",
          message: 'A decimal comma comes from @kontor/domain/numbers (formatNumber, formatMoney, formatQuantity, formatPercent).',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // One-way imports (checked on the import text, so no resolver is needed): app/ → features/ →
  // parts/ → ui/ → lib/ → packages/domain. A web feature never imports another feature nor the app
  // shell (its tests render the shell through src/test/); what several features share lives in
  // parts/ (feature parts: the TAN dialog, notes, tax lines, shared queries), ui/, lib/ or the domain.
  ...areas.map((area) => ({
    files: [`apps/web/src/features/${area}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@kontor/domain', message: 'Import the domain module directly, e.g. @kontor/domain/labels.' }],
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(?!${area}(/|$))(${areas.join('|')})(/|$)`,
              message: 'A feature never imports another feature: move shared code to parts/, ui/, lib/ or packages/domain.',
            },
            { regex: '^(\\.\\./)+app(/|$)', message: 'A feature never imports the app shell (app/): the shell puts features together, not the other way round.' },
          ],
        },
      ],
    },
  })),
  // Below the features: parts/ (feature parts several features share) → ui/ (the design system) →
  // lib/ (infrastructure). ui/ takes only texts, formats and the API error from lib/; lib/ imports
  // none of the three above it. Tests are left out: a test may render the shell around its piece.
  ...[
    ['parts', [
      { regex: '(^|/)features(/|$)', message: 'A part is shared by features: it never imports one (move what it needs into the part).' },
    ]],
    ['ui', [
      { regex: '(^|/)(features|parts)(/|$)', message: 'ui/ is the design system: it never imports features or feature parts (parts/).' },
      {
        regex: '^(\\.\\./)+lib/(?!(format|domain-text|countries|password|api-client)$)',
        message: 'ui/ takes from lib/ only texts and formats (format, domain-text, countries, password) and the API error (api-client).',
      },
    ]],
    ['lib', [
      { regex: '(^|/)(features|parts|ui)(/|$)', message: 'lib/ is infrastructure: it never imports ui/, parts/ or features (a piece with a look or one area\'s endpoint belongs in parts/).' },
    ]],
  ].map(([folder, patterns]) => ({
    files: [`apps/web/src/${folder}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@kontor/domain', message: 'Import the domain module directly, e.g. @kontor/domain/labels.' }],
          patterns: [...patterns, { regex: '(^|/)app(/|$)', message: `${folder}/ must not depend on the app shell (app/).` }],
        },
      ],
    },
  })),
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
    files: ['apps/server/src/**/*.ts', 'apps/web/src/app/**/*.{ts,tsx}', 'apps/web/src/main.tsx', 'apps/web/src/test/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@kontor/domain', message: 'Import the domain module directly, e.g. @kontor/domain/labels.' }] },
      ],
    },
  },
  // Server layers: an area's files (tests aside) import only the areas of lower layers.
  ...serverLayers.flatMap((layer, level) =>
    layer.map((area) => {
      const notBelow = serverLayers.slice(level).flat().filter((other) => other !== area);
      const above = serverLayers.slice(level + 1).flat();
      return {
        files: [`apps/server/src/${area}/**/*.ts`],
        ignores: ['**/*.test.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: [DOMAIN_WHOLE],
              patterns: [
                {
                  regex: `^(\\.\\./)+(${notBelow.join('|')})/(?!tables\\.ts$)`,
                  message: `Server layers (eslint.config.js serverLayers, decision 035): ${area} imports only areas of the layers below it${above.length ? '; move the code down, or into the area above that uses it' : ''}. Tables (tables.ts) may be read from any area.`,
                },
              ],
            },
          ],
        },
      };
    }),
  ),
);
