import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigProvider } from '../lib/config';
import { i18n } from '../lib/i18n';
import { loadGerman } from '../test/render';
import { testConfig } from '../test/fixtures';
import { DemoBanner } from './demo-banner';

beforeAll(loadGerman);

const show = (devTools: boolean) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider config={{ ...testConfig(), devTools }}>
        <DemoBanner />
      </ConfigProvider>
    </I18nextProvider>,
  );

describe('the demo banner', () => {
  it('says on every screen that the developer tools are on', () => {
    show(true);
    expect(screen.getByRole('complementary', { name: 'Demo-Hinweis' }).textContent).toBe('Demo: Entwicklerwerkzeuge sind an. Nicht für echte Kunden.');
  });

  it('is not there on a server without them', () => {
    show(false);
    expect(screen.queryByRole('complementary', { name: 'Demo-Hinweis' })).toBeNull();
  });
});
