import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { startApi } from "./api";
import { App } from "./app/App";
import { startShell } from "./app/start";
import { changeLanguage } from "./i18n";
import { router } from "./routes";
import { isLanguage } from "./stores/language";

const languageReady = startShell();

/** Resolves once the router has loaded the first route's page (lazy routes). */
function routeReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Marks the prerendered page as taken over once the app's first render is on screen. */
function TakenOver({ root }: { root: HTMLElement }) {
  useEffect(() => {
    delete root.dataset.prerendered;
  }, [root]);
  return null;
}

const container = document.getElementById("root");
if (container) {
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <App />
        <TakenOver root={container} />
      </StrictMode>,
    );
  // A page the server sent prerendered (`/`, scripts/prerender.mjs) stays on screen until the app
  // can draw the same page: rendering at once would put the loader in its place for a moment.
  // The page is already visible, so the app's first render runs as a transition: React renders
  // it in slices and the page keeps answering taps meanwhile, instead of one long task.
  if (container.dataset.prerendered) {
    void Promise.allSettled([startApi(), routeReady(), languageReady]).then(async () => {
      // A language picked on the prerendered switch (public/home-start.js) is the visitor's choice.
      const picked = document.documentElement.dataset.pickedLanguage;
      if (isLanguage(picked)) await changeLanguage(picked).catch(() => undefined);
      startTransition(render);
    });
  } else {
    // Texts first: the app's first render is in the visitor's language. A language chunk that
    // fails to load reloads the page (chunk-reload); the app still renders meanwhile.
    void languageReady.catch(() => undefined).then(render);
  }
}
