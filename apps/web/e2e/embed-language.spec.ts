/**
 * The embed speaks the language the visitor chose on the site (`i18nextLng`), unless the embed
 * code fixes one with `?lang=` (issue 9, item 20). Each project's browser speaks its own language;
 * the visitor picks the other one on the site first.
 */
import { expect, test, text, waitForApp } from "./fixtures";

test("/embed follows the language chosen on the site, and ?lang= overrides it", async ({ page, lang }) => {
  const other = lang === "en" ? "ko" : "en";
  const noIdTitle = (l: "en" | "ko") => text(l, "viewer", "embed.noId.title");

  // Before any choice: the browser's language.
  await page.goto("/embed");
  await expect(page.getByRole("heading", { name: noIdTitle(lang) })).toBeVisible();

  // The visitor switches the site to the other language.
  await page.goto("/");
  await waitForApp(page);
  await page
    .getByTestId("language-switch")
    .first()
    .getByText(text(lang, "common", `language.${other}`), { exact: true })
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", other);

  await page.goto("/embed");
  await expect(page.getByRole("heading", { name: noIdTitle(other) })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", other);

  // The embed code's `lang` wins over the stored choice.
  await page.goto(`/embed?lang=${lang}`);
  await expect(page.getByRole("heading", { name: noIdTitle(lang) })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
});
