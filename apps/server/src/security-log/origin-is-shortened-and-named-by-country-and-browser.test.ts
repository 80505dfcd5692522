import { describe, expect, it } from 'vitest';
import { deviceOf, originOf, shortened } from './origin.ts';

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('where a request came from, as the security log keeps it', () => {
  it('keeps an IPv4 address without its last part and an IPv6 address to its /48', () => {
    expect(shortened('85.214.132.117')).toBe('85.214.132.x');
    expect(shortened('2a00:1450:4001:80b::200e')).toBe('2a00:1450:4001::/48');
    expect(shortened('2001:db8::1')).toBe('2001:db8:0::/48');
  });

  it('names the country of a public address from the offline database', () => {
    expect(originOf('85.214.132.117', '')).toEqual({ address: '85.214.132.x', network: 'PUBLIC', country: 'DE', device: null });
    expect(originOf('::ffff:85.214.132.117', '').country).toBe('DE');
  });

  it('calls loopback and private addresses the local network, without a country', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.178.20', '172.20.0.5', '::1', 'fd00::1']) {
      expect(originOf(ip, '')).toMatchObject({ network: 'LOCAL', country: null });
    }
  });

  it('names browser and operating system, not the raw User-Agent', () => {
    expect(deviceOf(CHROME_ON_MAC)).toBe('Chrome 131 · macOS');
    expect(deviceOf(SAFARI_ON_IPHONE)).toBe('Safari 18 · iOS');
    expect(deviceOf('')).toBeNull();
    expect(deviceOf('curl/8.5.0')).toBe(null);
  });
});
