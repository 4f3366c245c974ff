/**
 * The app's scripts start after the page has painted (docs/decisions.md, "The app starts after the
 * first paint"). The server writes React Router's module script inert, under MODULES_ID, with the
 * module preloads it took out of the head listed in PRELOADS_ATTRIBUTE (start-after-paint.server.ts);
 * this inline script, written right after it, starts it once the page has loaded and its first
 * contentful paint is on screen, at the visitor's first key or pointer press, or after
 * START_AT_THE_LATEST_MS, whichever comes first. So the hero photo, the text and the font get a
 * phone's bandwidth before 117 KB of JavaScript does.
 */
export const MODULES_ID = 'app-modules';
export const PRELOADS_ATTRIBUTE = 'data-preloads';
export const INERT_MODULE_TYPE = 'text/x-app-modules';

/** A phone that is still loading images after this long gets a working page first. */
const START_AT_THE_LATEST_MS = 3000;

export const startAfterPaintScript = `(() => {
  const nonce = document.currentScript.nonce;
  let started = false;
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  const start = async () => {
    if (started) return;
    started = true;
    const modules = document.getElementById(${JSON.stringify(MODULES_ID)});
    const preloads = (modules.getAttribute(${JSON.stringify(PRELOADS_ATTRIBUTE)}) || '').split(' ').filter(Boolean);
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    // Each chunk evaluated in a task of its own, the client entry (which hydrates) last: the page
    // answers input between them instead of blocking for the whole bundle at once.
    const entry = /import\\(("[^"]+")\\);?\\s*$/.exec(modules.textContent);
    try {
      for (const href of preloads) {
        if (entry && JSON.stringify(href) === entry[1]) continue;
        await import(href);
        await nextTask();
      }
    } finally {
      const script = document.createElement('script');
      script.type = 'module';
      script.nonce = nonce;
      script.textContent = modules.textContent;
      modules.replaceWith(script);
    }
  };
  // Once the first contentful paint is on screen: its entry comes when the frame is shown, where a
  // task after the next animation frame may run while that frame is still on its way to the screen.
  const afterPaint = () => {
    const observable = typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
    if (!observable) {
      requestAnimationFrame(() => setTimeout(start));
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: 'paint', buffered: true });
  };
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, start, { once: true, capture: true });
  setTimeout(start, ${START_AT_THE_LATEST_MS});
})();`;
