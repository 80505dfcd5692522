import { describe, expect, it } from 'vitest';
import { languageStep } from './preferences-sync';

describe('the language after sign-in', () => {
  it('a language chosen in the settings wins over the one on this device', () => {
    expect(languageStep('en', 'de')).toEqual({ switchTo: 'en' });
    expect(languageStep('de', 'en')).toEqual({ switchTo: 'de' });
    expect(languageStep('en', 'en')).toBeNull();
  });

  it('never chosen: English picked on the sign-in screen stays and is stored for the customer', () => {
    expect(languageStep(null, 'en')).toEqual({ store: 'en' });
  });

  it('never chosen and German on this device: nothing to switch, nothing to store', () => {
    expect(languageStep(null, 'de')).toBeNull();
  });
});
