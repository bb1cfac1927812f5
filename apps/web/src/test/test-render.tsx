import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes } from "react-router";
import { theme } from "../app/theme";
import { changeLanguage, initI18n } from "../i18n";
import type { TLanguage } from "../stores/language";

/** jsdom has neither matchMedia nor ResizeObserver; Mantine reads both. Installs inert stand-ins. */
export function installBrowserStubs(): void {
  if (typeof window.matchMedia !== "function") {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (typeof window.ResizeObserver !== "function") {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

/** Options of {@link renderPage}. */
export interface TRenderPageOptions {
  /** The URL the page is shown at. */
  url?: string;
  /** The route pattern it is mounted on (for `useParams`). */
  path?: string;
  /** The language to show. */
  language?: TLanguage;
}

/** Renders a page as the app does: theme, the app's i18n, and a router at `url`. */
export async function renderPage(page: ReactElement, options: TRenderPageOptions = {}) {
  installBrowserStubs();
  const i18n = initI18n();
  await changeLanguage(options.language ?? "en");
  const { url = "/", path = "*" } = options;
  // `env="test"`: no transitions, so no Mantine timer fires after the test's window is gone.
  return render(
    <MantineProvider theme={theme} env="test">
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </MantineProvider>,
  );
}
