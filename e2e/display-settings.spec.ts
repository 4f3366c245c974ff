import type { Locator, Page } from '@playwright/test';
import { addFromProductPage } from './cart.ts';
import { expect, sidewaysScroll, test } from './fixtures.ts';
import { blockTiles, serveGreyTiles, TILE_ERRORS } from './map-tiles.ts';
import { clickUntil, DEMO, openAccountMenu, openSignInPopover, signIn } from './sign-in.ts';

// The public pages for people who change how their browser shows pages: a forced-colours (contrast)
// theme, reduced motion. How a part looks is read from the styles the browser computes under those
// settings, which are what it paints.

test.use({ allowedConsoleErrors: [TILE_ERRORS] });

type Look = { fill: string; text: string; edge: string; edgeColour: string };

/**
 * What sets a part apart at a glance: the fill it shows (its own over what lies behind it: a clear
 * fill shows its parent's), its text's colour, and its bottom edge.
 */
function look(locator: Locator): Promise<Look> {
  return locator.evaluate((el) => {
    const style = getComputedStyle(el);
    const layers: number[][] = [];
    for (let at: Element | null = el; at; at = at.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(at).backgroundColor.match(/[\d.]+/g) ?? []).map(
        Number,
      );
      layers.push([r, g, b, a]);
      if (a === 1) break;
    }
    // Painted from the back: white under the page, as the browser's own canvas.
    const fill = layers.reduceRight(
      (under, [r = 0, g = 0, b = 0, a = 1]) => [
        r * a + under[0]! * (1 - a),
        g * a + under[1]! * (1 - a),
        b * a + under[2]! * (1 - a),
      ],
      [255, 255, 255],
    );
    const drawn = style.borderBottomWidth !== '0px' && style.borderBottomStyle !== 'none';
    return {
      fill: `rgb(${fill.map(Math.round).join(', ')})`,
      text: style.color,
      edge: drawn ? `${style.borderBottomWidth} ${style.borderBottomStyle}` : 'none',
      // An edge not drawn has a colour all the same, which nobody sees.
      edgeColour: drawn ? style.borderBottomColor : 'none',
    };
  });
}

/**
 * How far apart the lightest and darkest pixels painted inside a part's text are, as a WCAG contrast
 * ratio: its text against what is behind it, as the screen shows them. The styles cannot tell this:
 * a forced-colours theme puts a plate of its page colour behind text, whatever colour the text is.
 */
async function textContrast(locator: Locator): Promise<number> {
  const box = await locator.evaluate((el) => {
    const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP),
    });
    const range = document.createRange();
    range.selectNodeContents(texts.nextNode()!);
    const text = range.getBoundingClientRect();
    const own = el.getBoundingClientRect();
    return {
      x: Math.round(text.x - own.x),
      y: Math.round(text.y - own.y),
      width: Math.round(text.width),
      height: Math.round(text.height),
    };
  });
  const png = (await locator.screenshot()).toString('base64');
  return locator.page().evaluate(
    async ({ png, box }) => {
      const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data } = context.getImageData(box.x, box.y, box.width, box.height);
      const linear = (value: number) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      let darkest = 1;
      let lightest = 0;
      for (let i = 0; i < data.length; i += 4) {
        const luminance =
          0.2126 * linear(data[i]!) + 0.7152 * linear(data[i + 1]!) + 0.0722 * linear(data[i + 2]!);
        darkest = Math.min(darkest, luminance);
        lightest = Math.max(lightest, luminance);
      }
      return (lightest + 0.05) / (darkest + 0.05);
    },
    { png, box },
  );
}

/** The page's own colour: an edge painted in it cannot be seen. */
function pageColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
}

/** Fails unless the part has an edge drawn in a colour that shows against the page. */
async function expectAnEdge(page: Page, locator: Locator, what: string) {
  const { edge, edgeColour } = await look(locator);
  expect(edge, `${what}'s edge`).not.toBe('none');
  expect(edgeColour, `${what}'s edge colour`).not.toBe(await pageColour(page));
}

test.describe('in forced colours (a Windows contrast theme)', () => {
  test.use({ forcedColors: 'active' });

  test('a filled button or button-like link keeps its edge, where the theme takes its fill away', async ({
    page,
  }) => {
    await page.goto('/store/logo-tee');
    await expectAnEdge(page, page.getByRole('button', { name: 'Add to Cart' }), 'Add to Cart');
    await page.goto('/cart');
    await expectAnEdge(page, page.getByRole('link', { name: 'Continue Shopping' }), 'Continue Shopping');
  });

  test('the chosen size, the picture shown and the barber shown stand apart from the others', async ({
    page,
  }) => {
    await page.goto('/store/logo-tee');
    const sizes = page.getByRole('group', { name: 'Size' });
    await sizes.getByRole('radio', { name: 'Medium', exact: true }).check({ force: true });
    const medium = sizes.locator('label', { hasText: 'Medium' });
    const small = sizes.locator('label', { hasText: 'Small' });
    expect(await look(medium), 'the chosen size against another').not.toEqual(await look(small));
    expect(await textContrast(medium), "the chosen size's text").toBeGreaterThanOrEqual(4.5);

    const pictures = page.getByRole('list', { name: /^Pictures of / }).getByRole('button');
    await pictures.nth(1).click();
    await expect(pictures.nth(1)).toHaveAttribute('aria-pressed', 'true');
    expect(await look(pictures.nth(1)), 'the picture shown against another').not.toEqual(
      await look(pictures.nth(0)),
    );

    await blockTiles(page);
    await page.goto('/barbershops/barbers?index=1');
    const tabs = page.getByRole('tab');
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    const shown = await look(tabs.nth(1));
    const other = await look(tabs.nth(0));
    expect(shown.edgeColour, "the chosen tab's bar").not.toBe(other.edgeColour);
    // The theme draws even a clear border: the other tabs' bars must take the page's colour, or every
    // tab looks chosen.
    expect(other.edgeColour, "another tab's bar").toBe(await pageColour(page));
  });

  test('a panel over the page keeps its edge: the cart, the account menu, the sign-in dialog', async ({
    page,
  }) => {
    await page.goto('/store');
    await expectAnEdge(page, await openSignInPopover(page), 'the sign-in dialog');
    await page.keyboard.press('Escape');
    await signIn(page, DEMO.customer);
    await openAccountMenu(page);
    const menu = await page.getByRole('button', { name: /^Account menu/ }).getAttribute('aria-controls');
    await expectAnEdge(page, page.locator(`[id="${menu}"]`), 'the account menu');
    await page.keyboard.press('Escape');
    const cart = page.getByRole('region', { name: 'Cart' });
    await clickUntil(page.getByRole('button', { name: /^Cart, / }), cart);
    await expectAnEdge(page, cart, 'the cart');
  });
});

test.describe('with reduced motion asked for', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing glides or turns: hover zooms, the cart line’s slide, the directions chevron, the map’s zoom', async ({
    page,
  }) => {
    // Every transition of a moving property and every animation the page starts, however short: how
    // long each lasts would depend on how quickly the test looks.
    await page.addInitScript(() => {
      const moved: string[] = [];
      const name = (target: EventTarget | null) => {
        const element = target as Element;
        return `${element.localName}.${element.getAttribute('class')?.split(' ').slice(0, 3).join('.')}`;
      };
      document.addEventListener(
        'transitionrun',
        (event) => {
          if (/transform|translate|scale|rotate/.test(event.propertyName))
            moved.push(`${event.propertyName} of ${name(event.target)}`);
        },
        true,
      );
      document.addEventListener(
        'animationstart',
        (event) => {
          if (getComputedStyle(event.target as Element).animationDuration !== '0s')
            moved.push(`${event.animationName} of ${name(event.target)}`);
        },
        true,
      );
      Object.assign(window, { e2eMoved: moved });
    });
    // Each page load starts the record afresh: each page is checked before the next.
    const moved = () => page.evaluate(() => (window as unknown as { e2eMoved: string[] }).e2eMoved);

    await page.goto('/');
    await page.getByRole('region', { name: 'Our Barbers' }).getByRole('link').first().hover();
    expect.soft(await moved(), "a barber's card on the home page").toEqual([]);

    await page.goto('/store');
    await page.getByRole('region', { name: 'New Goods' }).getByRole('link').first().hover();
    expect.soft(await moved(), "a product's card in the store").toEqual([]);

    await page.goto('/store/logo-tee');
    await page.getByRole('radio', { name: 'Small', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    const cart = page.getByRole('region', { name: 'Cart' });
    await clickUntil(page.getByRole('button', { name: /^Cart, / }), cart);
    await cart.getByRole('listitem').first().hover();
    await expect(cart.getByRole('button', { name: /^Delete / })).toBeVisible();
    expect.soft(await moved(), "a line of the cart's dropdown").toEqual([]);

    await serveGreyTiles(page);
    await page.goto('/barbershops/barbers');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('region', { name: /^Map of / }).scrollIntoViewIfNeeded();
    await expect(panel.locator('.leaflet-tile-loaded').first()).toBeAttached();
    await panel.getByRole('button', { name: 'Zoom map in' }).click();
    await expect(panel.getByRole('button', { name: 'Zoom map out' })).toBeVisible();
    await panel.getByText('Get directions').click();
    await expect(panel.getByRole('link', { name: /^Google Maps/ })).toBeVisible();
    expect(await moved(), 'on the barber page').toEqual([]);
  });
});

test("with the page's text at twice its size, nothing passes the screen's edge or spills out of its column", async ({
  page,
}) => {
  // What a text-size extension or a user style sheet does: the root font size doubled, the screen's
  // width unchanged, so the layout's breakpoints (media queries) do not move with the text.
  const TEXT_200 = 'html { font-size: 200% !important; }';
  await blockTiles(page);
  await page.goto('/');
  await signIn(page, DEMO.customer);
  await addFromProductPage(page, 'logo-tee', 'Small');
  await page.goto('/account/orders');
  const order = await page
    .getByRole('link', { name: /^View order / })
    .first()
    .getAttribute('href');
  const lost: string[] = [];
  for (const width of [1024, 640]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [
      '/',
      '/barbershops/barbers',
      '/store',
      '/store/logo-tee',
      '/cart',
      '/checkout',
      '/account',
      '/account/orders',
      order!,
      '/legal/privacy',
    ]) {
      await page.goto(path);
      await page.addStyleTag({ content: TEXT_200 });
      const wider = await sidewaysScroll(page);
      if (wider > 0) lost.push(`${path} at ${width} px: ${wider} px sideways`);
    }
    // The order's date, status and pickup address: each within its own column.
    await page.goto(order!);
    await page.addStyleTag({ content: TEXT_200 });
    const spilled = await page
      .getByRole('main')
      .locator('dd')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
    if (spilled.length) lost.push(`${order} at ${width} px: ${spilled.join(', ')} past its column`);
  }
  expect(lost).toEqual([]);
});
