import { expect, test, text, waitForApp } from "./fixtures";

test("the footer's 'Terms of use' opens the terms of use, and the copyright is in the page's language", async ({
  page,
  lang,
}) => {
  await page.goto("/");
  await waitForApp(page);
  const footer = page.getByRole("contentinfo");
  const year = String(new Date().getFullYear());
  await expect(footer).toContainText(text(lang, "common", "footer.rights").replace("{{year}}", year));
  await footer.getByRole("link", { name: text(lang, "common", "footer.terms"), exact: true }).click();
  await expect(page).toHaveURL(/\/user_terms$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(lang, "accounts", "terms.pageTitle"));
});
