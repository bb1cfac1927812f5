/*
 * Starts the app on the prerendered landing page (`home.<lang>.html`, issue 17) once the page
 * has painted. The page shows from HTML and CSS alone; fetched at once, the app's 350 kB of
 * scripts would share a phone's connection (and its CPU) with the first paint and hold it back.
 * So this waits until the page has stopped painting new content (no new largest-paint entry for
 * QUIET_MS; at most MAX_MS; on browsers without that entry, the frame after `load`), then asks for
 * the entry's modules and the home page's chunks (`data-entry`, `data-modules`, `data-preload`,
 * written by scripts/prerender.mjs). A visitor who touches the page or a key first starts it at once.
 *
 * The entry's own modules (React, Mantine, i18next, …) are evaluated one chunk per task, with a
 * yield between, before the entry itself: imported together they were one long task (≈ 0.75 s at
 * Lighthouse's 4× CPU) in which the page could not answer a tap.
 *
 * A language picked on the prerendered switch before the app has taken over is left on `<html>`
 * (`data-picked-language`); `main.tsx` applies it with the app's own switch.
 */
(() => {
  const QUIET_MS = 300;
  const MAX_MS = 3000;
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const list = (value) => (value ?? "").split(" ").filter(Boolean);
  const modules = list(script.dataset.modules);
  // The entry is fetched beside its modules, not after they have run.
  const preloads = [...modules, entry, ...list(script.dataset.preload)];
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  let isStarted = false;
  const start = async () => {
    if (isStarted) return;
    isStarted = true;
    // One insertion for all of them.
    const links = document.createDocumentFragment();
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    try {
      for (const href of modules) {
        await import(href);
        await nextTask();
      }
    } catch {
      // A module that failed to load fails the entry too, and the app's chunk-reload path answers.
    }
    import(entry);
  };

  const SWITCH = '[data-testid="language-switch"]';
  const inSwitch = (target) => target instanceof Element && target.closest(SWITCH) !== null;
  // The switch starts the app from its own change (below), once the choice is stored.
  const onTouch = (event) => inSwitch(event.target) || start();
  addEventListener("pointerdown", onTouch, { capture: true });
  addEventListener("keydown", onTouch, { capture: true });
  addEventListener("change", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !inSwitch(input)) return;
    // main.tsx applies it through the app's own language switch before its first render.
    document.documentElement.dataset.pickedLanguage = input.value;
    start();
  });

  const types = typeof PerformanceObserver === "undefined" ? [] : PerformanceObserver.supportedEntryTypes;
  if (types?.includes("largest-contentful-paint")) {
    let quiet;
    new PerformanceObserver(() => {
      clearTimeout(quiet);
      quiet = setTimeout(start, QUIET_MS);
    }).observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(start, MAX_MS);
  } else {
    const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
    if (document.readyState === "complete") afterPaint();
    else addEventListener("load", afterPaint, { once: true });
  }
})();
