/**
 * Account journeys against the production build, in English and Korean: sign-up with the code
 * from the outbox, sign-in, the studio's account page, sign-out; a password reset with the link
 * from the outbox; the sign-in guard and the 'Login is required' dialog.
 */
import {
  acc,
  codes,
  fillSignIn,
  label,
  newestMailTo,
  outboxCount,
  resetPathIn,
  signUpEmailInput,
  signUpThroughPages,
  uniqueEmail,
  useOwnIp,
} from "./accounts-support";
import { expect, test, text, waitForApp } from "./fixtures";

test.describe("accounts", () => {
  // Each journey signs up for real (password hashing, mail, several pages): more than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await useOwnIp(page);
  });

  test("sign-up → sign-in → account page with the trial → sign-out", async ({ page, lang, issues }) => {
    const email = uniqueEmail(`signup-${lang}`);
    await page.goto("/register");
    await waitForApp(page);

    // The terms come first; a required item left unticked keeps the visitor there.
    await page.getByRole("button", { name: acc(lang, "register.next") }).click();
    await expect(page.getByRole("alert")).toHaveText(acc(lang, "validation.consentRequired"));
    await expect(page.getByRole("link", { name: acc(lang, "register.view") }).first()).toHaveAttribute(
      "href",
      "/user_terms",
    );
    await page.getByRole("checkbox", { name: acc(lang, "register.agreeAll") }).check();
    await page.getByRole("button", { name: acc(lang, "register.next") }).click();

    // A bad address is refused in the page, before anything is sent.
    await signUpEmailInput(page).fill("owner@company");
    await page.getByTestId("send-code").click();
    await expect(page.getByText(acc(lang, "validation.invalidEmail"))).toBeVisible();
    await signUpEmailInput(page).fill(email);
    await page.getByTestId("send-code").click();
    await expect(page.getByTestId("email-status")).toHaveText(codes(lang, "emailSent"));
    await expect(page.getByTestId("send-code")).toContainText(acc(lang, "register.resend"));
    await expect(page.getByTestId("send-code")).toBeDisabled();

    await page.getByLabel(label(acc(lang, "register.code"))).fill("000000");
    const code = (await newestMailTo(email)).match(/\b(\d{6})\b/)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    if (code !== "000000") {
      await page.getByTestId("verify-code").click();
      await expect(page.getByText(acc(lang, "validation.codeMismatch"))).toBeVisible();
    }
    await page.getByLabel(label(acc(lang, "register.code"))).fill(code);
    await page.getByTestId("verify-code").click();
    await expect(page.getByTestId("code-status")).toHaveText(codes(lang, "emailVerified"));
    await expect(page.getByTestId("send-code")).toHaveText(acc(lang, "register.verified"));

    await page.getByLabel(label(acc(lang, "register.emailId"))).fill(email);
    await page.getByLabel(label(acc(lang, "register.password"))).fill("secret12");
    await page.getByLabel(label(acc(lang, "register.passwordRepeat"))).fill("secret13");
    await page.getByRole("button", { name: acc(lang, "register.submit") }).click();
    await expect(page.getByText(acc(lang, "validation.passwordMismatch"))).toBeVisible();
    await page.getByLabel(label(acc(lang, "register.passwordRepeat"))).fill("secret12");
    await page.getByRole("button", { name: acc(lang, "register.submit") }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(codes(lang, "membershipCompleted"))).toBeVisible();

    // A wrong password gets the one message for both mistakes.
    await fillSignIn(page, lang, email, "wrong-pass9");
    await expect(page.getByRole("alert")).toHaveText(codes(lang, "wrongCredentials"));
    await fillSignIn(page, lang, email, "secret12");
    await expect(page).toHaveURL(/\/Studio\/user$/);

    // Exact: until the studio has drawn, the sign-in page stays on screen (the router renders the
    // next page in a transition), and its "Create an account" link would match "Account".
    await page.getByRole("link", { name: text(lang, "studio", "menu.account"), exact: true }).click();
    await expect(page).toHaveURL(/\/Studio\/user\/account$/);
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await expect(page.getByTestId("account-trial")).toContainText(
      acc(lang, "account.trialActive_other").replace("{{count}}", "14"),
    );
    await expect(page.getByTestId("studio-user-email")).toHaveText(email);

    await page.getByTestId("studio-user-email").click();
    await page.getByRole("menuitem", { name: text(lang, "studio", "userMenu.signOut") }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: acc(lang, "header.signIn") })).toBeVisible();
    await page.goto("/Studio/user/account");
    await expect(page).toHaveURL(/\/login$/);
    expect(issues.pageErrors).toEqual([]);
  });

  test("forgot password → reset link from the outbox → sign-in with the new password", async ({
    page,
    lang,
    issues,
  }) => {
    const email = uniqueEmail(`reset-${lang}`);
    await signUpThroughPages(page, lang, email, "first123");

    const before = await outboxCount();
    await page.goto("/forgotpass");
    await page.getByLabel(label(acc(lang, "forgot.email"))).fill(email);
    await page.getByRole("button", { name: acc(lang, "forgot.submit") }).click();
    await expect(page.getByText(acc(lang, "forgot.sent"))).toBeVisible();
    const resetPath = resetPathIn(await newestMailTo(email, before));

    await page.goto(resetPath);
    await waitForApp(page);
    await page.getByLabel(label(acc(lang, "reset.password"))).fill("second12");
    await page.getByLabel(label(acc(lang, "reset.passwordRepeat"))).fill("second12");
    await page.getByRole("button", { name: acc(lang, "reset.submit") }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(acc(lang, "reset.done"))).toBeVisible();

    await fillSignIn(page, lang, email, "first123");
    await expect(page.getByRole("alert")).toHaveText(codes(lang, "wrongCredentials"));
    await fillSignIn(page, lang, email, "second12");
    await expect(page).toHaveURL(/\/Studio\/user$/);

    // The link works once.
    await page.goto(resetPath);
    await page.getByLabel(label(acc(lang, "reset.password"))).fill("third123");
    await page.getByLabel(label(acc(lang, "reset.passwordRepeat"))).fill("third123");
    await page.getByRole("button", { name: acc(lang, "reset.submit") }).click();
    await expect(page.getByText(acc(lang, "reset.invalidTitle"))).toBeVisible();
    await expect(page.getByRole("link", { name: acc(lang, "reset.askAgain") })).toHaveAttribute(
      "href",
      "/forgotpass",
    );
    expect(issues.pageErrors).toEqual([]);
  });

  test("the studio sends a visitor to sign in; the header asks first", async ({ page, lang }) => {
    await page.goto("/Studio/user");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(acc(lang, "login.pageTitle"));

    await page.goto("/price");
    await waitForApp(page);
    await page
      .getByRole("banner")
      .getByRole("button", { name: acc(lang, "header.studio") })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(codes(lang, "loginRequired"));
    await dialog.getByRole("button", { name: acc(lang, "requireLogin.cancel") }).click();
    await expect(page).toHaveURL(/\/price$/);
    await page
      .getByRole("banner")
      .getByRole("button", { name: acc(lang, "header.studio") })
      .click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: acc(lang, "requireLogin.signIn") })
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
