import { describe, expect, it } from 'vitest';
import { tileSource } from './map-tiles.ts';

describe('tileSource', () => {
  it("uses OpenStreetMap's tiles, credited, without a maps token", () => {
    const { url, options } = tileSource('');
    expect(url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(options.attribution).toContain('OpenStreetMap');
  });

  it("uses Mapbox's tiles with the token, crediting Mapbox and OpenStreetMap", () => {
    const { url, options } = tileSource('pk.abc/123');
    expect(url).toBe(
      'https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/{z}/{x}/{y}?access_token=pk.abc%2F123',
    );
    expect(options).toMatchObject({ tileSize: 512, zoomOffset: -1 });
    expect(options.attribution).toContain('Mapbox');
    expect(options.attribution).toContain('OpenStreetMap');
  });
});
