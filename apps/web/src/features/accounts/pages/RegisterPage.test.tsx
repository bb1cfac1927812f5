import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CODES, MESSAGES, registerCall, sendEmailCodeCall, verifyEmailCodeCall } from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fail, ok, renderRoutes, startTestApi, type TTestApi } from "../../../test/test-support";
import LoginPage from "./LoginPage";
import RegisterPage from "./RegisterPage";

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
});

type TUser = ReturnType<typeof userEvent.setup>;
const routes = { "/register": <RegisterPage />, "/login": <LoginPage /> };
const emailInput = () => screen.getByLabelText(/^E-mail/, { selector: "input[autocomplete=email]" });
const sendButton = () => screen.getByTestId("send-code");

async function toAccountStep(user: TUser) {
  await user.click(screen.getByRole("checkbox", { name: "Agree to all" }));
  await user.click(screen.getByRole("button", { name: "Next" }));
}

async function sendAndVerify(user: TUser, email: string) {
  server.reply(sendEmailCodeCall.path, ok({ sent: true, resend_after: 60 }, CODES.emailSent.message));
  server.reply(verifyEmailCodeCall.path, ok({ verified: true }, CODES.emailVerified.message));
  await user.type(emailInput(), email);
  await user.click(sendButton());
  await screen.findByText("Email has been sent. Please check your inbox to complete verification.");
  await user.type(screen.getByLabelText(/Verification code/), "123456");
  await user.click(screen.getByTestId("verify-code"));
  await screen.findByText("Your email has been verified.");
}

describe("sign-up page", { timeout: 30_000 }, () => {
  it("keeps the user on the terms step until both required items are ticked", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register" });
    const links = screen.getAllByRole("link", { name: "View" }).map((a) => a.getAttribute("href"));
    expect(links[0]).toBe("/user_terms");
    expect(links[1]).toBe("/terms_detail#privacy");
    await user.click(screen.getByRole("checkbox", { name: /Terms of use/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("alert").textContent).toBe(MESSAGES.consentRequired);
    expect(screen.queryByLabelText(/E-mail ID/)).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: /Personal information use and collection/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByLabelText(/E-mail ID/)).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("shows the spec's messages for a bad e-mail and a mismatched password, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);

    await user.click(sendButton());
    expect(await screen.findByText("Please enter a valid email format!")).toBeTruthy();
    await user.type(screen.getByLabelText(/E-mail ID/), "not-an-email");
    await user.type(emailInput(), "a@b");
    await user.type(screen.getByLabelText(/Verification code/), "12");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Repeat password/), "secret13");
    await user.click(screen.getByRole("button", { name: "Sign up" }));

    await screen.findByText("Passwords do not match!");
    expect(screen.getAllByText("Please enter a valid email format!")).toHaveLength(2);
    expect(screen.getByText("Verification code does not match.")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("sends the code in the page's language, then reads Resend with the wait, then Verified", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);
    expect(sendButton().textContent).toBe("Send");

    await sendAndVerify(user, "owner@company.com");
    expect(server.calls.map((c) => [c.path, c.payload])).toEqual([
      [sendEmailCodeCall.path, { email: "owner@company.com", lang: "en" }],
      [verifyEmailCodeCall.path, { email: "owner@company.com", code: "123456" }],
    ]);
    expect(sendButton().textContent).toBe("Verified");
    expect(sendButton().hasAttribute("disabled")).toBe(true);
  });

  it("counts down before a resend is allowed", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(sendEmailCodeCall.path, ok({ sent: true, resend_after: 60 }));
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);
    await user.type(emailInput(), "owner@company.com");
    await user.click(sendButton());
    await waitFor(() => expect(sendButton().textContent).toMatch(/^Resend \((59|60)s\)$/));
    expect(sendButton().hasAttribute("disabled")).toBe(true);
  });

  it("asks for the code, then says when it does not match", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(sendEmailCodeCall.path, ok({ sent: true, resend_after: 60 }));
    server.reply(
      verifyEmailCodeCall.path,
      fail(CODES.validation.rescode, { fields: { code: MESSAGES.codeMismatch } }, 400),
    );
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);
    await user.type(emailInput(), "owner@company.com");
    await user.click(sendButton());
    await screen.findByText("Email has been sent. Please check your inbox to complete verification.");

    await user.click(screen.getByTestId("verify-code"));
    expect(await screen.findByText("Please enter the verification code.")).toBeTruthy();
    expect(server.calls).toHaveLength(1);

    await user.type(screen.getByLabelText(/Verification code/), "654321");
    await user.click(screen.getByTestId("verify-code"));
    expect(await screen.findByText("Verification code does not match.")).toBeTruthy();
    expect(server.calls).toHaveLength(2);
  });

  it("says when the mail could not be sent", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(sendEmailCodeCall.path, fail(CODES.verificationSendFailed.rescode, null, 503));
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);
    await user.type(emailInput(), "other@company.com");
    await user.click(sendButton());
    expect(
      await screen.findByText("Verification email could not be sent. Please try again later."),
    ).toBeTruthy();
    expect(sendButton().textContent).toBe("Send");
  });

  it("will not sign up an unverified address, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);
    await user.type(screen.getByLabelText(/E-mail ID/), "owner@company.com");
    await user.type(emailInput(), "owner@company.com");
    await user.type(screen.getByLabelText(/Verification code/), "123456");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Repeat password/), "secret12");
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Email Authentication Unidentified.")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("signs up with the consents and language, then asks to log in on the sign-in page", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register" });
    await user.click(screen.getByRole("checkbox", { name: /Terms of use/ }));
    await user.click(screen.getByRole("checkbox", { name: /Personal information use and collection/ }));
    await user.click(screen.getByRole("checkbox", { name: /Marketing advertisement usage/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByLabelText(/E-mail ID/), "owner@company.com");
    await sendAndVerify(user, "owner@company.com");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Repeat password/), "secret12");

    server.reply(registerCall.path, fail(CODES.duplicateId.rescode, null, 409));
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("You have a registered ID")).toBeTruthy();

    server.reply(registerCall.path, ok({ user_id: "user_1" }, CODES.membershipCompleted.message));
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Your membership has been completed. Please login.")).toBeTruthy();
    expect(screen.getByTestId("where").textContent).toBe("/login");
    expect(server.calls.at(-1)).toMatchObject({
      path: registerCall.path,
      payload: {
        email_id: "owner@company.com",
        email: "owner@company.com",
        password: "secret12",
        code: "123456",
        lang: "en",
        consents: {
          terms: true,
          privacy: true,
          thirdParty: false,
          location: false,
          marketing: true,
          notifications: false,
        },
      },
    });
  });

  it("shows the server's field messages on their fields", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register" });
    await toAccountStep(user);
    await user.type(screen.getByLabelText(/E-mail ID/), "owner@company.com");
    await sendAndVerify(user, "owner@company.com");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Repeat password/), "secret12");
    server.reply(
      registerCall.path,
      fail(CODES.validation.rescode, { fields: { password: MESSAGES.passwordFormat } }, 400),
    );
    await user.click(screen.getByRole("button", { name: "Sign up" }));
    expect(await screen.findByText("Follow the password format.")).toBeTruthy();
  });

  it("shows the same messages in Korean on a Korean page", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/register", language: "ko" });
    await user.click(screen.getByRole("button", { name: "다음" }));
    expect(screen.getByRole("alert").textContent).toBe("[필수] 항목에 동의해 주세요.");
    await user.click(screen.getByRole("checkbox", { name: "전체 동의" }));
    await user.click(screen.getByRole("button", { name: "다음" }));
    await user.type(screen.getByLabelText(/이메일 아이디/), "nope");
    await user.click(screen.getByRole("button", { name: "가입하기" }));
    expect((await screen.findAllByText("올바른 이메일 형식을 입력해 주세요!")).length).toBeGreaterThan(0);
    expect(screen.getByText("비밀번호 형식을 확인해 주세요.")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
