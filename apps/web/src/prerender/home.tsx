/**
 * The landing page as HTML, rendered at build time (`scripts/prerender.mjs`, issue 17).
 *
 * `/` is the React app; before this, nothing showed until React, Mantine and the page's chunk had
 * downloaded and run (first paint 3.2 s on Lighthouse's phone). The build renders the page once per
 * language into `home.<lang>.html`; the server sends it for `/` to visitors who are not signed in,
 * so the page paints from HTML and CSS alone. The app then starts as usual and replaces it with
 * the same page (`main.tsx` waits for the route and the client config first, so no loader shows
 * in between).
 */
import { MantineProvider } from "@mantine/core";
import i18n from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router";
import { AppLayout } from "../app/AppLayout";
import { cssVariablesResolver, theme } from "../app/theme";
import HomePage from "../features/marketing/pages/HomePage";
import { SUPPORTED_LANGUAGES } from "../i18n";
import { NAMESPACES, resources } from "../i18n/resources";
import type { TLanguage } from "../stores/language";

/** The languages the build renders `/` in: the app's own. */
export const HOME_LANGUAGES = SUPPORTED_LANGUAGES;

/** What the build writes into the shell for one language. */
export interface TPrerendered {
  /** The markup of `#root`. */
  html: string;
  /** The document's title, as `PageTitle` sets it once the app runs. */
  title: string;
}

/** Renders `/` in `language` as a visitor who is not signed in sees it. */
export async function renderHome(language: TLanguage): Promise<TPrerendered> {
  const instance = i18n.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    ns: [...NAMESPACES],
    defaultNS: "common",
    lng: language,
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  const html = renderToString(
    <I18nextProvider i18n={instance}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <StaticRouter location="/">
          <AppLayout>
            <HomePage />
          </AppLayout>
        </StaticRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
  const title = `${instance.t("home.pageTitle", { ns: "marketing" })} · ${instance.t("titleSuffix")}`;
  return { html, title };
}
