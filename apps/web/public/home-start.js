/*
 * Starts the app on the prerendered landing page (`home.<lang>.html`, issue 17) once the page
 * has painted. The page shows from HTML and CSS alone; fetched at once, the app's 350 kB of
 * scripts would share a phone's connection (and its CPU) with the first paint and hold it back.
 * So this waits until the page has stopped painting new content (no new largest-paint entry for
 * QUIET_MS; at most MAX_MS; on browsers without that entry, the frame after `load`), then asks for
 * the entry and, beside it, the modules the entry imports (`data-entry`, `data-preload`, written
 * by scripts/prerender.mjs).
 */
(() => {
  const QUIET_MS = 300;
  const MAX_MS = 3000;
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const preloads = (script.dataset.preload ?? "").split(" ").filter(Boolean);
  let isStarted = false;
  const start = () => {
    if (isStarted) return;
    isStarted = true;
    for (const href of preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
    import(entry);
  };
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
