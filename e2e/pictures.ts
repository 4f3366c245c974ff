import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures.ts';

/** The colours `shownEnds` reads at a banded photo's ends, each channel in eighths (0-7). */
export const TOP_BAND = [0, 5, 0];
export const BOTTOM_BAND = [0, 0, 5];

/**
 * A phone's upright photo as a JPEG, `width` x `height` of a middle colour with a band across its top
 * (green) and one across its bottom (blue), each a tenth of its height: a picture cropped to its
 * middle shows neither.
 */
export function bandedPhoto(width: number, height: number, middle: string): Promise<Buffer> {
  const band = (background: string, top: number) => ({
    input: { create: { width, height: height / 10, channels: 3 as const, background } },
    top,
    left: 0,
  });
  return sharp({ create: { width, height, channels: 3, background: middle } })
    .composite([band('#00a000', 0), band('#0000a0', height - height / 10)])
    .jpeg()
    .toBuffer();
}

/**
 * The colours a shown picture has at the middle of its top and bottom rows, as painted on the screen
 * (what object-fit left of it), each channel in eighths.
 */
export async function shownEnds(shown: Locator): Promise<number[][]> {
  await shown.scrollIntoViewIfNeeded();
  await expect(shown).toHaveJSProperty('complete', true);
  const { data, info } = await sharp(await shown.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (row: number) => {
    const offset = (row * info.width + Math.floor(info.width / 2)) * 3;
    return [...data.subarray(offset, offset + 3)].map((value) => Math.round(value / 32));
  };
  return [at(4), at(info.height - 5)];
}
