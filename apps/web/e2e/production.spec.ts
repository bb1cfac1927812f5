/**
 * Model production and the Q&A board (issue 15), short: an owner requests a model in the studio
 * with a pdf and an stl (a disguised file is refused and not kept), an operator quotes it in the
 * console, the owner accepts, the operator delivers a .glb, and the owner opens the produced model
 * whose motion panel is open and adds a step. Then the owner asks on the board, an operator
 * answers (API: the console's Q&A page is the console journey's), and the owner reads the answer.
 * Desktop, with the studio list and the answered question also on a phone.
 */
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { contentDetailCall, qnaAnswerCall } from "@vitrine/contract";
import { fillSignIn, newestMailTo, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, registerOwner, SUPER_EMAIL, SUPER_PASSWORD, superToken } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.PRODUCTION_SHOTS_DIR ?? "/tmp/shots-production";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const slow = expect.configure({ timeout: 60_000 });

const p = (lang: TLang, key: string) => text(lang, "production", key);
const q = (lang: TLang, key: string) => text(lang, "qna", key);
const c = (lang: TLang, key: string) => text(lang, "content", key);

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);
const STL = Buffer.from(
  "solid part\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n  endloop\n endfacet\nendsolid part\n",
  "latin1",
);

/**
 * Opens `path` signed out and signs in on the page it leads to, which returns to `path`: no full
 * reload between sign-in and the page under test (the token is parked in storage only on unload).
 */
async function signInAt(
  page: Page,
  lang: TLang,
  path: string,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
  await slow(page).toHaveURL(/\/login$/);
  await fillSignIn(page, lang, email, password);
  await slow(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

test("an owner orders a model, the team quotes and delivers it; the board answers a question", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(360_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const owner = await registerOwner(request, base, lang, "production");
  const boss = await superToken(owner.send);
  const product = `${lang === "en" ? "Brass desk lamp" : "황동 책상 조명"} ${randomInt(1e6)}`;

  // The owner fills the request form in the studio and attaches a pdf and an stl.
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await signInAt(page, lang, "/Studio/user/production?new=1", owner.email, OWNER_PASSWORD);
  await expect(page.getByRole("heading", { name: p(lang, "form.title") })).toBeVisible();
  await page.getByLabel(p(lang, "form.productName")).fill(product);
  await page.getByLabel(p(lang, "form.description")).fill("30 cm tall, brushed brass, a hinged arm.");
  await page.getByLabel(p(lang, "form.motion")).check();
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles([
    { name: "drawing.pdf", mimeType: "application/pdf", buffer: PDF },
    { name: "arm.stl", mimeType: "model/stl", buffer: STL },
  ]);
  await slow(page.getByTestId("uploaded-file")).toHaveCount(2);
  // A text file named .pdf is refused by the upload checker and not kept.
  await picker.setInputFiles([
    { name: "fake.pdf", mimeType: "application/pdf", buffer: Buffer.from("hello") },
  ]);
  await expect(page.getByRole("alert").filter({ hasText: "fake.pdf" })).toBeVisible();
  await expect(page.getByTestId("uploaded-file")).toHaveCount(2);
  await shoot(page, lang, "request-form");
  await page.getByRole("button", { name: p(lang, "form.submit") }).click();
  await expect(page.getByText(p(lang, "studio.created"))).toBeVisible();
  const card = page.getByTestId("production-request").filter({ hasText: product });
  await expect(card.getByTestId("production-status")).toHaveText(p(lang, "status.received"));
  await expect(card.getByRole("link", { name: "drawing.pdf" })).toBeVisible();
  await expect(card.getByRole("link", { name: "arm.stl" })).toBeVisible();

  // An operator finds it in the console and sends a quote.
  const opContext = await browser.newContext({
    locale: lang === "ko" ? "ko-KR" : "en-US",
    viewport: DESKTOP,
  });
  const op = await opContext.newPage();
  await useOwnIp(op);
  await signInAt(op, lang, "/Studio/admin/production", SUPER_EMAIL, SUPER_PASSWORD);
  await op.getByLabel(p(lang, "admin.search")).fill(product);
  await op.getByLabel(p(lang, "admin.search")).press("Enter");
  const opCard = op.getByTestId("production-request").filter({ hasText: product });
  await expect(opCard).toHaveCount(1);
  await opCard.getByRole("button", { name: p(lang, "admin.quote"), exact: true }).click();
  const dialog = op.getByRole("dialog");
  await dialog.getByLabel(p(lang, "admin.price")).fill("350000");
  const delivery = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel(p(lang, "admin.deliveryDate")).fill(delivery);
  await dialog.getByRole("button", { name: p(lang, "admin.sendQuote") }).click();
  await expect(opCard.getByTestId("production-status")).toHaveText(p(lang, "status.quoted"));
  await expect.poll(async () => newestMailTo(owner.email)).toContain(product);

  // The owner reads the quote and accepts it.
  await page.reload();
  await expect(card.getByTestId("production-quote")).toContainText(delivery);
  await card.getByRole("button", { name: p(lang, "owner.accept") }).click();
  await expect(card.getByTestId("production-status")).toHaveText(p(lang, "status.in_production"));

  // The operator delivers the produced .glb.
  await op.reload();
  await op.getByLabel(p(lang, "admin.search")).fill(product);
  await op.getByLabel(p(lang, "admin.search")).press("Enter");
  await expect(opCard.getByTestId("production-status")).toHaveText(p(lang, "status.in_production"));
  await opCard.getByRole("button", { name: p(lang, "admin.deliver") }).click();
  await dialog.locator('input[type="file"]').setInputFiles(FOX);
  await slow(dialog.getByTestId("uploaded-file")).toHaveCount(1);
  await dialog.getByRole("button", { name: p(lang, "admin.deliver") }).click();
  // Delivery checks the model and starts its processing before it answers.
  await slow(dialog).toHaveCount(0);
  await expect(opCard.getByTestId("production-status")).toHaveText(p(lang, "status.delivered"));
  await opContext.close();

  // The owner finds the produced model and adds a motion step.
  await page.reload();
  await expect(card.getByTestId("production-status")).toHaveText(p(lang, "status.delivered"));
  await page.setViewportSize(PHONE);
  await shoot(page, lang, "studio-delivered");
  await page.setViewportSize(DESKTOP);
  await card.getByRole("link", { name: p(lang, "owner.openModel") }).click();
  const contentId = page.url().split("/").pop() ?? "";
  await expect
    .poll(
      async () => {
        const detail = await owner.send(contentDetailCall, { content_id: contentId }, owner.token);
        return detail.status ? detail.data.doc.status : "missing";
      },
      { timeout: 240_000 },
    )
    .toBe("ready");
  await page.reload();
  await slow(page.getByRole("tab", { name: c(lang, "tabs.motion") })).toBeVisible();
  await page.getByRole("tab", { name: c(lang, "tabs.motion") }).click();
  await expect(page.getByText(c(lang, "motion.notProduced"))).toHaveCount(0);
  await page.getByRole("button", { name: c(lang, "motion.addStep") }).click();
  await page
    .getByTestId("panel-motion")
    .getByRole("textbox", { name: c(lang, "motion.title"), exact: true })
    .fill(lang === "en" ? "Raise the arm" : "팔 올리기");
  await page.getByTestId("save-button").click();
  await slow(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 120_000 });
  const saved = await owner.send(contentDetailCall, { content_id: contentId }, owner.token);
  if (!saved.status) throw new Error("content detail failed");
  expect(saved.data.doc.is_produced).toBe(true);
  expect(saved.data.doc.build.animationinfo.map((s) => s.title)).toEqual([
    lang === "en" ? "Raise the arm" : "팔 올리기",
  ]);

  // The owner asks on the board; an operator answers; the owner reads it on a phone.
  const title = `${lang === "en" ? "Can I reuse the lamp model?" : "조명 모델을 다시 써도 되나요?"} ${randomInt(1e6)}`;
  await page.goto("/qnawrite");
  await page.getByRole("textbox", { name: q(lang, "form.title"), exact: true }).fill(title);
  await page
    .getByRole("textbox", { name: q(lang, "form.content"), exact: true })
    .fill("May I put the produced model on my own shop?");
  await page.getByRole("button", { name: q(lang, "form.submit") }).click();
  await expect(page).toHaveURL(/\/qnacontentdetails\?id=/);
  await expect(page.getByText(q(lang, "detail.noAnswer"))).toBeVisible();
  const qnaId = new URL(page.url()).searchParams.get("id") ?? "";
  const answer =
    lang === "en" ? "Yes: the model is yours to use anywhere." : "네, 모델은 어디서든 쓰실 수 있습니다.";
  expect((await owner.send(qnaAnswerCall, { qna_id: qnaId, body: answer }, boss)).status).toBe(true);
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByText(answer)).toBeVisible();
  await expect(page.getByText(q(lang, "detail.noAnswer"))).toHaveCount(0);
  await shoot(page, lang, "qna-answered");
  await page.goto("/qnalist");
  const row = page.getByRole("link", { name: new RegExp(title.replace(/[?]/g, "\\?")) });
  await expect(row).toBeVisible();
  expect(issues.pageErrors).toEqual([]);
});
