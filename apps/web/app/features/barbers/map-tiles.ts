import type { TileLayerOptions } from 'leaflet';

const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Where map tiles come from: Mapbox when the shop has a maps token, OpenStreetMap otherwise, credited either way. */
export function tileSource(mapsToken: string): { url: string; options: TileLayerOptions } {
  if (mapsToken) {
    return {
      url: `https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/{z}/{x}/{y}?access_token=${encodeURIComponent(mapsToken)}`,
      // Mapbox style tiles are 512 px; the offset keeps zoom levels matching OpenStreetMap's 256 px ones.
      options: {
        tileSize: 512,
        zoomOffset: -1,
        attribution: `&copy; <a href="https://www.mapbox.com/about/maps/">Mapbox</a> ${OSM_ATTRIBUTION}`,
      },
    };
  }
  return {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    options: { maxZoom: 19, attribution: OSM_ATTRIBUTION },
  };
}
