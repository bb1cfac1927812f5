/**
 * Model uploads an owner gets wrong, and what processing leaves (issue 9, items 13 and 14): a
 * lone `.gltf` is refused naming the `.bin` it needs, an STL says to convert it and offers the
 * support e-mail for production, in the page's language; a model no viewer can draw is refused
 * with the validator's words and how to export again; one with errors viewers draw past (issue
 * 29) is accepted and its report says what was repaired; an accepted model gets a thumbnail on
 * its card without the editor ever being opened.
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, registerOwner } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const RADIO = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "..",
  "fixtures",
  "models",
  "Radio.glb",
);
/** A skinned model whose joint weights add up to 1.04 (a validator error viewers draw past). */
const BROKEN_WEIGHTS = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "server",
  "test",
  "fixtures",
  "corpus",
  "gen-error-weights.glb",
);
const SHOTS = process.env.MODELS_SHOTS_DIR ?? "/tmp/shots-models";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const c = (lang: TLang, key: string) => text(lang, "content", key);
const slow = expect.configure({ timeout: 60_000 });

/** A `.gltf` naming a buffer that is not uploaded with it. */
const LONE_GLTF = JSON.stringify({
  asset: { version: "2.0" },
  buffers: [{ uri: "DamagedHelmet.bin", byteLength: 36 }],
});

test("studio upload: refusals say why, and a ready model has a thumbnail", async ({
  page,
  request,
  lang,
  baseURL,
}) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const { email } = await registerOwner(request, baseURL ?? "http://127.0.0.1:4173", lang, "models");
  await useOwnIp(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, OWNER_PASSWORD);
  await slow(page).toHaveURL(/\/Studio\/user$/);
  await page.goto("/Studio/user/contents");
  const input = page.locator("#content-upload-input");
  await slow(input).toBeAttached();

  // A lone .gltf: the server's refusal, naming the missing file, in the page's language.
  await input.setInputFiles({
    name: "DamagedHelmet.gltf",
    mimeType: "model/gltf+json",
    buffer: Buffer.from(LONE_GLTF),
  });
  const missing = c(lang, "upload.refused.missing_one").replace("{{files}}", "DamagedHelmet.bin");
  await slow(page.getByRole("alert")).toHaveText(missing);
  await shoot(page, lang, "refused-missing-bin");

  // An STL: convert it, or ask for production at the support address.
  await input.setInputFiles({
    name: "bracket.stl",
    mimeType: "model/stl",
    buffer: Buffer.from("solid x\nendsolid x\n"),
  });
  await slow(page.getByRole("alert")).toHaveText(
    c(lang, "upload.refused.convert").replace("{{format}}", "STL"),
  );
  const help = page.getByTestId("upload-production-help");
  await expect(help.getByRole("link")).toHaveAttribute("href", /^mailto:support@vitrine\.test\?subject=/);
  await shoot(page, lang, "refused-stl");

  // A model no viewer can draw: refused, naming the file, with the validator's words and what to do.
  await input.setInputFiles({
    name: "broken.gltf",
    mimeType: "model/gltf+json",
    buffer: Buffer.from('{"asset":{"version":"2.0"},"scenes":[{"nodes":[7]}]}'),
  });
  await slow(page.getByRole("alert")).toHaveText(
    c(lang, "upload.refused.damaged")
      .replace("{{file}}", "broken.gltf")
      .replace("{{detail}}", "Unresolved reference: 7."),
  );
  await shoot(page, lang, "refused-damaged");

  // A model with errors viewers draw past (joint weights adding up to 1.04): accepted, repaired,
  // and the report says what was repaired, in the page's language.
  await input.setInputFiles(BROKEN_WEIGHTS);
  const repaired = page.getByTestId("content-card").filter({ hasText: "gen-error-weights" });
  await slow(repaired.getByTestId("content-status")).toHaveAttribute("data-status", "ready", {
    timeout: 180_000,
  });
  await repaired.getByRole("link", { name: "gen-error-weights" }).click();
  await slow(page).toHaveURL(/\/Studio\/user\/contents\/content_/, { timeout: 60_000 });
  await slow(page.getByRole("button", { name: c(lang, "editor.more") })).toBeVisible();
  await page.getByRole("button", { name: c(lang, "editor.more") }).click();
  await page.getByRole("menuitem", { name: c(lang, "report.open") }).click();
  const report = page.getByRole("dialog", { name: c(lang, "report.title") });
  const repairs = report.getByTestId("report-repairs");
  await slow(repairs).toContainText(c(lang, "report.repairsIntro"));
  await expect(repairs).toContainText(c(lang, "report.repair.weights_other").split("{{count}}")[1] ?? "");
  await shoot(page, lang, "report-repaired");
  await page.keyboard.press("Escape");
  await expect(report).toHaveCount(0);
  await page.goto("/Studio/user/contents");
  await slow(input).toBeAttached();

  // An accepted model: its card gets a picture when processing ends, before any editor visit.
  await input.setInputFiles(RADIO);
  const card = page.getByTestId("content-card").filter({ hasText: "Radio" });
  await slow(card.getByTestId("content-status")).toHaveAttribute("data-status", "ready", {
    timeout: 180_000,
  });
  await slow(card.locator("img")).toHaveAttribute("src", /^\/blobs\/[0-9a-f]{64}\.jpg$/);
  await slow(card.locator("img")).toHaveJSProperty("complete", true);
  expect(await card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  await shoot(page, lang, "card-thumbnail");
});
