/**
 * Support chat: an owner (registered through the API, signed in in the page) opens the chat panel
 * in the studio and writes; an operator (the e2e super account, in a second browser) sees it in
 * the console's inbox with its unread count and answers; the owner sees the answer arrive live.
 * Desktop, then the same conversation on a phone.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { fillSignIn, useOwnIp } from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import { OWNER_PASSWORD, registerOwner, SUPER_EMAIL, SUPER_PASSWORD, superToken } from "./owner-support";
import { shoot as shootTo } from "./view-support";

const SHOTS = process.env.CHAT_SHOTS_DIR ?? "/tmp/shots-chat";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const slow = expect.configure({ timeout: 30_000 });

const ch = (lang: TLang, key: string, count?: number) =>
  count === undefined ? text(lang, "chat", key) : text(lang, "chat", key).replace("{{count}}", String(count));

async function signIn(page: Page, lang: TLang, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, password);
  await slow(page).toHaveURL(/\/Studio\/user$/);
}

test("an owner chats with the team; an operator answers from the console inbox", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const owner = await registerOwner(request, baseURL ?? "http://127.0.0.1:4173", lang, "chat");
  await superToken(owner.send);

  // The operator keeps the inbox open in the console.
  const opContext = await browser.newContext({
    locale: lang === "ko" ? "ko-KR" : "en-US",
    viewport: DESKTOP,
  });
  const op = await opContext.newPage();
  await useOwnIp(op);
  await signIn(op, lang, SUPER_EMAIL, SUPER_PASSWORD);
  await op.goto("/Studio/admin/chat");
  await expect(op.getByText(ch(lang, "inbox.intro"))).toBeVisible();

  // The owner opens the panel in the studio and writes.
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, lang, owner.email, OWNER_PASSWORD);
  await page.getByRole("button", { name: ch(lang, "open"), exact: true }).click();
  const panel = page.getByTestId("chat-panel");
  await expect(panel.getByText(ch(lang, "empty"))).toBeVisible();
  await expect(panel.getByTestId("chat-presence")).toHaveText(ch(lang, "online"));
  const question =
    lang === "en"
      ? "Hello! Can you make a 3D model of our desk lamp?"
      : "안녕하세요. 책상 조명 3D 모델을 만들 수 있나요?";
  await panel.getByLabel(ch(lang, "messageLabel")).fill(question);
  await panel.getByLabel(ch(lang, "messageLabel")).press("Enter");
  await expect(panel.getByTestId("chat-messages").getByText(question)).toBeVisible();
  await expect(panel.getByLabel(ch(lang, "messageLabel"))).toHaveValue("");
  await shoot(page, lang, "owner-asks");

  // The operator sees it arrive with its unread count, opens it and answers.
  const row = op.getByTestId("chat-inbox-row").filter({ hasText: owner.email });
  await expect(row.getByTestId("chat-row-unread")).toHaveText(ch(lang, "inbox.unread_one", 1));
  await expect(row.getByText(question)).toBeVisible();
  await shoot(op, lang, "inbox-unread");
  await row.click();
  const conversation = op.getByTestId("chat-conversation");
  await expect(conversation.getByText(question)).toBeVisible();
  await expect(row.getByTestId("chat-row-unread")).toHaveCount(0);
  const answer =
    lang === "en"
      ? "Yes, we can. Send us photos and the size, and we will quote within a day."
      : "네, 가능합니다. 사진과 크기를 보내 주시면 하루 안에 견적을 드리겠습니다.";
  await conversation.getByLabel(ch(lang, "inbox.replyLabel")).fill(answer);
  await conversation.getByRole("button", { name: ch(lang, "inbox.reply"), exact: true }).click();
  await expect(conversation.getByTestId("chat-messages").getByText(answer)).toBeVisible();
  await shoot(op, lang, "inbox-answered");

  // The owner sees the answer live, and the operators' read mark.
  await expect(panel.getByTestId("chat-messages").getByText(answer)).toBeVisible();
  await expect(panel.getByTestId("chat-seen")).toBeVisible();
  await shoot(page, lang, "owner-answered");

  // On a phone the panel takes the screen; the console shows the conversation alone.
  await page.setViewportSize(PHONE);
  await expect(panel.getByText(answer)).toBeVisible();
  await shoot(page, lang, "owner-answered");
  await op.setViewportSize(PHONE);
  await expect(op.getByTestId("chat-conversation").getByText(answer)).toBeVisible();
  await shoot(op, lang, "inbox-answered");
  await page
    .getByRole("button", { name: ch(lang, "close") })
    .first()
    .click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByTestId("chat-button")).toBeVisible();
  await shoot(page, lang, "owner-closed");

  await opContext.close();

  // A visitor (no token) is invited to sign in and cannot write.
  const visitor = await browser.newContext({ locale: lang === "ko" ? "ko-KR" : "en-US", viewport: DESKTOP });
  const v = await visitor.newPage();
  await v.goto("/price");
  await waitForApp(v);
  await v.getByRole("button", { name: ch(lang, "open"), exact: true }).click();
  await expect(v.getByTestId("chat-sign-in").getByText(ch(lang, "signInTitle"))).toBeVisible();
  await expect(v.getByLabel(ch(lang, "messageLabel"))).toHaveCount(0);
  await shoot(v, lang, "visitor-invited");
  await visitor.close();
  expect(issues.pageErrors).toEqual([]);
  expect(issues.consoleErrors).toEqual([]);
});
