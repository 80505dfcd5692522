import { describe, expect, it } from 'vitest';
import { describeDevice, deviceKind } from './device-name';

describe('device names', () => {
  it.each([
    ['Linux 6.1.0 x86 Linux Chromium/130.0.6723.116;Not?A_Brand/99.0.0.0', 'Chromium', 'Linux'],
    ['Windows 15.0.0 x86 Windows Google Chrome/121.0.6167.160;Chromium/121.0.6167.160', 'Chrome', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:109.0) Gecko/20100101 Firefox/115.0', 'Firefox', 'macOS'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari', 'iOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0', 'Microsoft Edge', 'Windows'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36', 'Chromium', 'Linux'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36', 'Chrome', 'Android'],
  ])('%s', (name, browser, system) => {
    expect(describeDevice(name)).toEqual({ browser, system });
  });

  it('an unknown or missing name stays unknown', () => {
    expect(describeDevice(undefined)).toEqual({ browser: null, system: null });
    expect(describeDevice('Unbekanntes Gerät')).toEqual({ browser: null, system: null });
  });

  it.each([
    ['Android', 'phone'],
    ['iOS', 'phone'],
    ['Linux', 'computer'],
    ['Windows', 'computer'],
    ['macOS', 'computer'],
    [null, 'computer'],
  ] as const)('a device on %s is shown as a %s', (system, kind) => {
    expect(deviceKind(system)).toBe(kind);
  });
});
