import type { Page } from '@playwright/test';

// There is no internet here, and tests must not depend on it: a page with a map gets its tiles from
// one of these, never from the tile server.

export const TILE_HOSTS = /^https:\/\/([a-c]\.)?tile\.openstreetmap\.org\/|^https:\/\/api\.mapbox\.com\//;
/** Chromium logs each aborted tile as a failed resource. */
export const TILE_ERRORS = /tile\.openstreetmap\.org|api\.mapbox\.com/;

/** Fails every map tile request, as a phone without signal would, and records what was asked for. */
export async function blockTiles(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(TILE_HOSTS, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return asked;
}

/** A stand-in for the tile server: one grey pixel per tile, so the map shows. */
export async function serveGreyTiles(page: Page): Promise<void> {
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  await page.route(TILE_HOSTS, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: pixel }),
  );
}
