import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import en from "../i18n/locales/en/common.json";
import ko from "../i18n/locales/ko/common.json";
import { renderPage } from "../test/test-render";
import { AppLayout } from "./AppLayout";

afterEach(cleanup);

const year = String(new Date().getFullYear());

describe("public layout texts", { timeout: 30_000 }, () => {
  for (const [lang, words] of [
    ["en", en],
    ["ko", ko],
  ] as const) {
    it(`links 'Terms of use' to the terms of use and words the copyright in ${lang}`, async () => {
      await renderPage(<AppLayout>page</AppLayout>, { language: lang });
      const footer = screen.getByRole("contentinfo");
      const terms = within(footer).getByRole("link", { name: words.footer.terms });
      expect(terms.getAttribute("href")).toBe("/user_terms");
      expect(footer.textContent).toContain(words.footer.rights.replace("{{year}}", year));
    });

    it(`names the logo link with its visible wordmark first in ${lang}`, async () => {
      await renderPage(<AppLayout>page</AppLayout>, { language: lang });
      const header = screen.getByRole("banner");
      const logo = within(header).getByRole("link", {
        name: words.nav.homeLink.replace("{{brand}}", words.brand),
      });
      expect(logo.getAttribute("aria-label")?.startsWith(logo.textContent ?? "-")).toBe(true);
    });
  }

  it("has the copyright line in Korean on Korean pages", () => {
    expect(ko.footer.rights).not.toBe(en.footer.rights);
    expect(ko.footer.rights).toMatch(/[가-힣]/);
  });
});
