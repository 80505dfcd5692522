import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('public entry', () => {
  it.each([
    'INSTRUMENT_TYPES',
    'orderStatusLabel',
    'passwordProblems',
    'isValidPostalCode',
    'countries',
    'documentDisplayTitle',
    'exposedDividends',
    'trackingPayload',
    'toInstrument',
    'instrumentSearchQuerySchema',
    'quoteSchema',
    'backendError',
    'createToast',
    'isValidIdentityConfig',
    'authorisationPayloadSchema',
    'attachmentSchema',
    'FEATURE_FLAGS',
    'formatEuro',
    'runtimeConfigSchema',
  ])('re-exports %s', (name) => {
    expect(domain).toHaveProperty(name);
  });
});
