/**
 * Business matching (issue 14) as a buyer and a business meet it: a visitor opens a channel,
 * presses 'Business Matching', is told each §5 message for an empty form, verifies the business
 * e-mail with the code from the outbox, agrees to the named third-party provision and sends;
 * the page's business and a business the job matched receive the buyer's details with the
 * reasons by e-mail. Businesses, channels and opt-ins are set up through the API.
 */
import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import {
  channelContentsUpdateCall,
  channelCreateCall,
  channelUpdateCall,
  matchSettingsUpdateCall,
  shareLinkCreateCall,
} from "@vitrine/contract";
import {
  codeIn,
  fillSignIn,
  label,
  newestMailTo,
  outboxCount,
  uniqueEmail,
  useOwnIp,
} from "./accounts-support";
import { expect, type TLang, test, text, waitForApp } from "./fixtures";
import {
  OWNER_PASSWORD,
  registerOwner,
  SUPER_EMAIL,
  SUPER_PASSWORD,
  superToken,
  type TApiOwner,
  uploadReadyModel,
} from "./owner-support";
import { shoot as shootTo } from "./view-support";

const FOX = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "fixtures", "models", "Fox.glb");
const SHOTS = process.env.MATCHING_SHOTS_DIR ?? "/tmp/shots-matching";
const shoot = (page: Page, lang: TLang, name: string) => shootTo(SHOTS, page, lang, name);
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const m = (lang: TLang, key: string) => text(lang, "matching", key);
const ch = (lang: TLang, key: string) => text(lang, "channels", key);

/** A business with a channel that exports cosmetics to Vietnam and takes part in matching. */
async function business(
  request: Parameters<typeof registerOwner>[0],
  base: string,
  lang: TLang,
  tag: string,
  name: string,
  products: string,
): Promise<TApiOwner & { channelId: string }> {
  const owner = await registerOwner(request, base, lang, tag);
  const created = await owner.send(channelCreateCall, { channel_name: name, origin_lang: lang }, owner.token);
  if (!created.status) throw new Error("channel not created");
  const channelId = created.data.doc.user_channel_id;
  const updated = await owner.send(
    channelUpdateCall,
    {
      user_channel_id: channelId,
      channel_global_business_info: {
        industry: "cosmetics",
        productsServices_origin: products,
        export_markets: ["VN"],
        incoterms: { edition: "2020", codes: ["FOB"] },
      },
    },
    owner.token,
  );
  expect(updated.status).toBe(true);
  const settings = await owner.send(
    matchSettingsUpdateCall,
    { opted_in: true, consent: true, industries: [], markets: [], buyer_types: [], daily_cap: 10 },
    owner.token,
  );
  expect(settings.status).toBe(true);
  return { ...owner, channelId };
}

/**
 * The newest mail to `to`, waiting longer than `newestMailTo` does: the matching job's mails
 * come after the job's turn in the queue, which a busy machine can delay.
 */
async function jobMailTo(to: string, after = 0): Promise<string> {
  for (let round = 1; ; round += 1) {
    try {
      return await newestMailTo(to, after);
    } catch (error) {
      if (round === 4) throw error;
    }
  }
}

/** Signs `email` in through `/login` in a page of its own. */
async function signedIn(
  browser: Browser,
  lang: TLang,
  email: string,
  password: string,
  viewport = DESKTOP,
): Promise<Page> {
  const context = await browser.newContext({ locale: lang === "ko" ? "ko-KR" : "en-US", viewport });
  const page = await context.newPage();
  // An IP of its own, so the per-IP sign-in limits count this page apart.
  await page.setExtraHTTPHeaders({
    "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  await page.goto("/login");
  await waitForApp(page);
  await fillSignIn(page, lang, email, password);
  await expect(page).toHaveURL(/\/Studio\/(user|admin)/);
  return page;
}

/** Picks `option` in the Mantine select labelled `name`. */
async function choose(page: Page, name: string, option: string): Promise<void> {
  const input = page.getByRole("textbox", { name: label(name) });
  await input.click();
  if (await input.isEditable()) await input.fill(option);
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a buyer sends the connecting form from a channel; the fitting businesses hear why", async ({
  page,
  browser,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const suffix = Date.now().toString(36);
  const origin = await business(
    request,
    base,
    lang,
    "match-origin",
    lang === "en" ? `Jeju Botanics ${suffix}` : `제주 보태닉스 ${suffix}`,
    lang === "en" ? "Organic skincare, sunscreen" : "유기농 스킨케어, 선크림",
  );
  const matched = await business(
    request,
    base,
    lang,
    "match-fit",
    lang === "en" ? `Seoul Masks ${suffix}` : `서울 마스크 ${suffix}`,
    lang === "en" ? "Sheet masks, organic skincare" : "시트 마스크, 유기농 스킨케어",
  );

  // The visitor opens the channel and presses 'Business Matching'.
  await useOwnIp(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/Channel/${origin.channelId}`);
  await waitForApp(page);
  await expect(page.getByRole("link", { name: m(lang, "button.matching") }).first()).toBeVisible();
  await shoot(page, lang, "channel");
  await page
    .getByRole("link", { name: m(lang, "button.matching") })
    .first()
    .click();
  await expect(page).toHaveURL(/\/business-connect\?channel=/);
  const channelName = lang === "en" ? `Jeju Botanics ${suffix}` : `제주 보태닉스 ${suffix}`;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    m(lang, "form.titleChannel").replace("{{name}}", channelName),
  );
  // The consent names the business and is not ticked; without it nothing is shared, and it says so.
  const consent = page.getByRole("checkbox", {
    name: m(lang, "consent.agreeChannel").replace("{{name}}", channelName),
  });
  await expect(consent).not.toBeChecked();
  await expect(page.getByTestId("connect-consent-note")).toHaveText(
    m(lang, "consent.withoutChannel").replace("{{name}}", channelName),
  );

  // An empty form answers each §5 message in the page's language, and the first field takes the focus.
  await page.getByTestId("connect-submit").click();
  for (const key of [
    "selectCountry",
    "emptyBusinessEmail",
    "emptyCompany",
    "emptyContactPerson",
    "emptyJobTitle",
    "selectIndustry",
    "selectBusinessType",
    "selectInquiryType",
    "emptyNeeds",
  ]) {
    await expect(page.getByText(m(lang, `validation.${key}`), { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("textbox", { name: label(m(lang, "form.country")) })).toBeFocused();
  await shoot(page, lang, "form-errors");

  // 'Other' industry asks for its text.
  await choose(page, m(lang, "form.industry"), ch(lang, "industry.other"));
  await page.getByTestId("connect-submit").click();
  await expect(page.getByText(m(lang, "validation.emptyIndustryOther"), { exact: true })).toBeVisible();
  await choose(page, m(lang, "form.industry"), ch(lang, "industry.cosmetics"));

  // The business e-mail is verified with the code from the outbox.
  const buyer = uniqueEmail(`buyer-${lang}`);
  await choose(page, m(lang, "form.country"), lang === "en" ? "Vietnam" : "베트남");
  await page.getByRole("textbox", { name: label(m(lang, "form.email")) }).fill(buyer);
  await page.getByTestId("connect-send-code").click();
  await expect(page.getByTestId("connect-email-status")).toHaveText(text(lang, "codes", "emailSent"));
  const code = codeIn(await newestMailTo(buyer));
  await page.getByRole("textbox", { name: label(m(lang, "form.code")) }).fill(code);
  await page.getByTestId("connect-verify-code").click();
  await expect(page.getByTestId("connect-code-status")).toHaveText(text(lang, "codes", "emailVerified"));

  const company = `Saigon Beauty ${suffix}`;
  await page.getByRole("textbox", { name: label(m(lang, "form.company")) }).fill(company);
  await page.getByRole("textbox", { name: label(m(lang, "form.contactPerson")) }).fill("Nguyen Lan");
  await page.getByRole("textbox", { name: label(m(lang, "form.jobTitle")) }).fill("Purchasing manager");
  await choose(page, m(lang, "form.businessType"), m(lang, "businessType.importer"));
  await page.getByRole("radio", { name: m(lang, "inquiryType.product") }).check();
  await page
    .getByRole("textbox", { name: label(m(lang, "form.needs")) })
    .fill(
      lang === "en"
        ? "We import organic skincare and sheet masks for pharmacies in Vietnam"
        : "베트남 약국에 납품할 유기농 스킨케어와 시트 마스크를 수입합니다",
    );
  await page
    .getByRole("textbox", { name: label(`${m(lang, "form.quantity")} ${m(lang, "form.optional")}`) })
    .fill("20,000");

  // The consent is ticked from the keyboard.
  await consent.focus();
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();
  await expect(page.getByTestId("connect-consent-note")).toHaveCount(0);
  await shoot(page, lang, "form-filled");
  // Mails before this point (the businesses' sign-up codes) are not the ones looked for.
  const beforeSubmit = await outboxCount();
  await page.getByTestId("connect-submit").click();

  const done = page.getByTestId("connect-done");
  await expect(done.getByRole("status")).toHaveText(text(lang, "codes", "connectSubmitted"));
  await expect(done).toContainText(buyer);
  await shoot(page, lang, "form-done");

  // The page's business and the matched one are mailed the buyer's details and the reasons.
  const direct = await jobMailTo(origin.email, beforeSubmit);
  expect(direct).toContain(company);
  expect(direct).toContain(buyer);
  const fit = await jobMailTo(matched.email, beforeSubmit);
  expect(fit).toContain(company);
  expect(fit).toContain(lang === "en" ? "same industry: Cosmetics and beauty" : "같은 업종: 화장품·뷰티");
  expect(fit).toContain(lang === "en" ? "exports to Vietnam" : "베트남에 수출");

  // The page's business is not interested: the mail's one-click link, confirmed on the page.
  const notInterested = /\/business-connect\/not-interested\?t=[A-Za-z0-9_-]+/.exec(direct)?.[0];
  if (!notInterested) throw new Error("no 'not interested' link in the mail");
  await page.goto(notInterested);
  await page.getByRole("button", { name: m(lang, "notInterested.confirm") }).click();
  await expect(page.getByTestId("not-interested-done")).toHaveText(
    m(lang, "notInterested.done").replace("{{company}}", company),
  );
  await shoot(page, lang, "not-interested");

  // The matched business sees the inquiry with its reasons in the studio, and replies.
  const studio = await signedIn(browser, lang, matched.email, OWNER_PASSWORD);
  await studio.goto("/Studio/user/connections");
  const card = studio.getByTestId("connection").filter({ hasText: company });
  await expect(card).toBeVisible();
  await expect(studio.getByTestId("connections-new")).toHaveText("1");
  // The studio menu says so wherever the owner is; the reply takes it away.
  const menuBadge = studio.getByRole("navigation").getByTestId("menu-badge-connections");
  await expect(menuBadge).toHaveText("1");
  await expect(card.getByTestId("connection-reasons")).toContainText(
    m(lang, "reason.industry").replace("{{values}}", ch(lang, "industry.cosmetics")),
  );
  await expect(card).toContainText(buyer);
  await shoot(studio, lang, "studio-connection");
  const before = await outboxCount();
  const answer =
    lang === "en" ? "We can ship sheet masks FOB Busan." : "부산항 FOB로 시트 마스크를 보낼 수 있습니다.";
  await card.getByRole("textbox", { name: m(lang, "studio.reply") }).fill(answer);
  await card.getByRole("button", { name: m(lang, "studio.sendReply") }).click();
  await expect(card.getByTestId("connection-status")).toHaveText(m(lang, "studio.status.replied"));
  await expect(menuBadge).toHaveCount(0);
  expect(await jobMailTo(buyer, before)).toContain(answer);
  await studio.getByRole("tab", { name: m(lang, "studio.settings") }).click();
  await expect(studio.getByRole("switch", { name: m(lang, "settings.optIn") })).toBeChecked();
  await shoot(studio, lang, "studio-settings");
  await studio.setViewportSize(PHONE);
  await studio.getByRole("tab", { name: m(lang, "studio.inquiries") }).click();
  await shoot(studio, lang, "studio-connection-phone");
  await studio.context().close();

  // The operators see the inquiry in the console and can remove it.
  await superToken(origin.send);
  const console_ = await signedIn(browser, lang, SUPER_EMAIL, SUPER_PASSWORD);
  await console_.goto("/Studio/admin/matching");
  const row = console_.getByTestId("match-inquiry").filter({ hasText: company });
  await expect(row).toBeVisible();
  await shoot(console_, lang, "console-matching");
  await row.getByRole("button", { name: m(lang, "admin.remove") }).click();
  const dialog = console_.getByRole("dialog", { name: m(lang, "admin.removeTitle") });
  await dialog.getByRole("textbox").fill("e2e: spam test");
  await dialog.getByRole("button", { name: m(lang, "admin.remove") }).click();
  await expect(row).toHaveCount(0);
  await console_.context().close();

  // The phone layout of the channel's button and of the form.
  await page.setViewportSize(PHONE);
  await page.goto(`/Channel/${origin.channelId}`);
  await expect(page.getByRole("link", { name: m(lang, "button.matching") })).toBeVisible();
  await shoot(page, lang, "channel");
  await page.goto(`/business-connect?channel=${origin.channelId}&source=channel`);
  await expect(page.getByTestId("connect-submit")).toBeVisible();
  await shoot(page, lang, "form-phone");
  await page.getByTestId("connect-submit").click();
  await expect(page.getByText(m(lang, "validation.selectCountry"), { exact: true })).toBeVisible();
  await shoot(page, lang, "form-phone-errors");

  expect(issues.pageErrors).toEqual([]);
  expect(issues.consoleErrors).toEqual([]);
});

test("a visitor of a shared content reaches its business with 'Contact this business'", async ({
  page,
  request,
  lang,
  baseURL,
  issues,
}) => {
  test.setTimeout(360_000);
  mkdirSync(SHOTS, { recursive: true });
  const base = baseURL ?? "http://127.0.0.1:4173";
  const owner = await registerOwner(request, base, lang, "match-share");
  const name =
    lang === "en" ? `Busan Lamps ${Date.now().toString(36)}` : `부산 조명 ${Date.now().toString(36)}`;
  const created = await owner.send(channelCreateCall, { channel_name: name, origin_lang: lang }, owner.token);
  if (!created.status) throw new Error("channel not created");
  const channelId = created.data.doc.user_channel_id;
  const contentId = await uploadReadyModel(owner.send, base, owner.token, FOX);
  const link = await owner.send(shareLinkCreateCall, { content_id: contentId }, owner.token);
  if (!link.status) throw new Error("no share link");

  await useOwnIp(page);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/share/${link.data.doc.sharelink_url}`);
    const contact = page.getByRole("link", { name: m(lang, "button.contact") });
    await expect(contact).toHaveAttribute(
      "href",
      `/business-connect?channel=${channelId}&source=share&content=${contentId}`,
    );
    await shoot(page, lang, "share-contact");
  }
  await page.getByRole("link", { name: m(lang, "button.contact") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    m(lang, "form.titleChannel").replace("{{name}}", name),
  );

  // The same action on the channel's own page of the content.
  const shown = await owner.send(
    channelContentsUpdateCall,
    {
      user_channel_id: channelId,
      contents: [{ content_id: contentId, is_public: true }],
      featured_content_id: null,
    },
    owner.token,
  );
  expect(shown.status).toBe(true);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/Channel/${channelId}/content/${contentId}`);
    // The page shows its bar once the content is read, which a busy machine can take a while to do.
    await expect(page.getByRole("link", { name: m(lang, "button.contact") })).toHaveAttribute(
      "href",
      `/business-connect?channel=${channelId}&source=channel&content=${contentId}`,
      { timeout: 60_000 },
    );
    await shoot(page, lang, "channel-content-contact");
  }
  expect(issues.pageErrors).toEqual([]);
});
