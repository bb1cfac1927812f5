import type { Page } from "@playwright/test";
import { addOriginLogCall, createEnvelope, type TEnvelopeSettings } from "@vitrine/contract";
import { expect, test, text, waitForApp } from "./fixtures";

type TLogged = { action: string; path: string; duration?: number; sessionId: string };

/** Collects the page-view rows the page sends, opened with the deployment's envelope. */
async function recordViewLogs(page: Page, settings: TEnvelopeSettings): Promise<TLogged[]> {
  const envelope = await createEnvelope(settings);
  const rows: TLogged[] = [];
  // Routed rather than observed: a beacon's body is only visible to the route handler.
  await page.route(`**${addOriginLogCall.path}`, async (route) => {
    const body = route.request().postData();
    if (body) rows.push((await envelope.unwrap(JSON.parse(body))) as TLogged);
    await route.continue();
  });
  return rows;
}

test("page views: view_start on entry, view_end with seconds when leaving, none on reload", async ({
  page,
  request,
  lang,
}) => {
  const config = (await (await request.get("/api/client-config")).json()) as { envelope: TEnvelopeSettings };
  const rows = await recordViewLogs(page, config.envelope);
  const accepted = page.waitForResponse((r) => r.url().endsWith(addOriginLogCall.path));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForApp(page);
  const first = await accepted;
  expect(first.status()).toBe(200);
  expect(await first.json()).toMatchObject({ status: true });
  await expect.poll(() => rows.map((r) => `${r.action} ${r.path}`)).toEqual(["view_start /"]);

  await page
    .getByRole("navigation", { name: text(lang, "common", "nav.main") })
    .getByRole("link", { name: text(lang, "common", "nav.price") })
    .click();
  await expect
    .poll(() => rows.map((r) => `${r.action} ${r.path}`))
    .toEqual(["view_start /", "view_end /", "view_start /price"]);
  expect(rows[1]?.duration).toBeGreaterThanOrEqual(0);
  expect(new Set(rows.map((r) => r.sessionId)).size).toBe(1);

  // Leaving by reload ends the view; the reloaded page does not start a new one.
  await page.reload();
  await waitForApp(page);
  await page.getByRole("link", { name: text(lang, "common", "footer.terms") }).click();
  await expect
    .poll(() => rows.map((r) => `${r.action} ${r.path}`))
    .toEqual([
      "view_start /",
      "view_end /",
      "view_start /price",
      "view_end /price",
      "view_start /user_terms",
    ]);
});
