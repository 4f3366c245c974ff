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
/** The page's hidden notice that its scripts did not load (root.tsx), which this script shows. */
export const SCRIPTS_FAILED_ID = 'scripts-failed';

/** A phone that is still loading images after this long gets a working page first. */
const START_AT_THE_LATEST_MS = 3000;

export const startAfterPaintScript = `(() => {
  const nonce = document.currentScript.nonce;
  let started = false;
  // A chunk that did not load (a dropped connection, a deploy that replaced it) leaves a page whose
  // buttons do nothing: it says so, and nothing more is started.
  let failed = false;
  const fail = () => {
    failed = true;
    const notice = document.getElementById(${JSON.stringify(SCRIPTS_FAILED_ID)});
    if (notice) notice.hidden = false;
  };
  const nextTask = () => new Promise((resolve) => setTimeout(resolve));
  const start = async () => {
    if (started) return;
    started = true;
    const modules = document.getElementById(${JSON.stringify(MODULES_ID)});
    const preloads = (modules.getAttribute(${JSON.stringify(PRELOADS_ATTRIBUTE)}) || '').split(' ').filter(Boolean);
    // The client entry (which hydrates) is imported by React Router's module itself, last.
    const entry = /import\\(("[^"]+")\\);?\\s*$/.exec(modules.textContent);
    const entryHref = entry ? JSON.parse(entry[1]) : null;
    let entryFetched = Promise.resolve();
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      // Safari before 17 ignores modulepreload and would fire neither event.
      const fetched = link.relList.supports('modulepreload')
        ? new Promise((resolve) => {
            link.addEventListener('load', resolve);
            link.addEventListener('error', () => resolve(fail()));
          })
        : Promise.resolve();
      if (href === entryHref) entryFetched = fetched;
      document.head.append(link);
    }
    // Each chunk evaluated in a task of its own, the entry last: the page answers input between them
    // instead of blocking for the whole bundle at once.
    for (const href of preloads) {
      if (href === entryHref) continue;
      try {
        await import(href);
      } catch {
        fail();
      }
      if (failed) return;
      await nextTask();
    }
    await entryFetched;
    if (failed) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.nonce = nonce;
    script.textContent = modules.textContent;
    script.addEventListener('error', fail);
    modules.replaceWith(script);
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
