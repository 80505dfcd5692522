/**
 * The identity client names a new device after the browser: either the User-Agent Client Hints
 * ("Linux 6.1.0 x86 Linux Chromium/130.0.0.0;Google Chrome/130.0.0.0") or the plain user agent
 * ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) … Firefox/128.0"). Customers recognise
 * "Chrome auf Windows" better, so that is what the list shows.
 */

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Google Chrome\/|CriOS\//, 'Chrome'],
  [/HeadlessChrome\/|Chromium\//, 'Chromium'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|macOS|Macintosh/, 'macOS'],
  [/CrOS|Chrome OS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** Phones and tablets run Android or iOS; everything else is a computer (for the list's icon). */
export function deviceKind(system: string | null): 'phone' | 'computer' {
  return system === 'Android' || system === 'iOS' ? 'phone' : 'computer';
}

export function describeDevice(name: string | undefined): { browser: string | null; system: string | null } {
  if (!name) return { browser: null, system: null };
  const browser = BROWSERS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
  return { browser, system };
}
