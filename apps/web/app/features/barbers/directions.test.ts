import { describe, expect, it } from 'vitest';
import { deviceDirectionsUrl, isAppleDevice, webDirectionsUrl } from './directions.ts';

const SHOP = {
  address: '2150 N Academy Blvd, Suite 104, Colorado Springs, CO 80909',
  lat: 38.8706,
  lng: -104.7603,
};
const ENCODED = '2150%20N%20Academy%20Blvd%2C%20Suite%20104%2C%20Colorado%20Springs%2C%20CO%2080909';

describe('directions', () => {
  it('asks Google Maps for directions to the address', () => {
    expect(webDirectionsUrl(SHOP)).toBe(`https://www.google.com/maps/dir/?api=1&destination=${ENCODED}`);
  });

  it("sends Apple devices to Apple Maps and others to a geo: URI at the barber's coordinates", () => {
    expect(deviceDirectionsUrl(SHOP, true)).toBe(`https://maps.apple.com/?daddr=${ENCODED}`);
    expect(deviceDirectionsUrl(SHOP, false)).toBe(`geo:38.8706,-104.7603?q=${ENCODED}`);
    expect(deviceDirectionsUrl({ ...SHOP, lat: null, lng: null }, false)).toBe(`geo:0,0?q=${ENCODED}`);
  });

  it('recognises Apple devices by their user agent', () => {
    expect(isAppleDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(
      true,
    );
    expect(isAppleDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15')).toBe(true);
    expect(isAppleDevice('Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/140.0')).toBe(
      false,
    );
    expect(isAppleDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0')).toBe(
      false,
    );
  });
});
