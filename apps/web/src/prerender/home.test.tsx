import { describe, expect, it } from "vitest";
import en from "../i18n/locales/en/marketing.json";
import ko from "../i18n/locales/ko/marketing.json";
import { renderHome } from "./home";

describe("the landing page rendered at build time (issue 17)", () => {
  it("renders / in each language, header and switch included, titled as the app titles it", async () => {
    for (const [language, words, other] of [
      ["ko", ko, en],
      ["en", en, ko],
    ] as const) {
      const { html, title } = await renderHome(language);
      expect(html).toContain(words.home.hero.title);
      expect(html).not.toContain(other.home.hero.title);
      expect(html).toContain('data-testid="language-switch"');
      // The switch shows the page's language as chosen.
      expect(html).toMatch(new RegExp(`<input[^>]*checked=""[^>]*value="${language}"`));
      expect(title).toBe(`${words.home.pageTitle} · Vitrine`);
      // The signed-out header; no loader.
      expect(html).not.toContain("full-page-loader");
    }
  });
});
