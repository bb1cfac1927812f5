import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CODES, forgotPasswordCall, loginCall, resetPasswordCall } from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useSession } from "../../../stores/session";
import { fail, ok, renderRoutes, startTestApi, type TTestApi } from "../../../test/test-support";
import ForgotPasswordPage from "./ForgotPasswordPage";
import LoginPage from "./LoginPage";
import ResetPasswordPage from "./ResetPasswordPage";

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
  useSession.setState({ accessToken: null, userId: null });
});

const where = () => screen.getByTestId("where").textContent;
const STUDIO = <p>studio</p>;

async function fillLogin(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in page", { timeout: 30_000 }, () => {
  it("prompts for the empty e-mail and the empty password, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes({ "/login": <LoginPage /> }, { url: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter your email address.")).toBeTruthy();
    expect(screen.getByText("Please enter your password.")).toBeTruthy();

    await user.type(screen.getByLabelText(/E-mail/), "owner@company");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter a valid email format!")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("shows the one message for a wrong e-mail or password and stays signed out", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(loginCall.path, fail(CODES.wrongCredentials.rescode));
    await renderRoutes({ "/login": <LoginPage /> }, { url: "/login" });
    await fillLogin(user, "owner@company.com", "wrong-pass1");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The email or password you entered is incorrect.",
    );
    expect(server.calls.map((c) => c.payload)).toEqual([
      { email_id: "owner@company.com", password: "wrong-pass1" },
    ]);
    expect(useSession.getState().accessToken).toBeNull();
    expect(where()).toBe("/login");
  });

  it("asks to try later when sign-in is limited, in Korean on a Korean page", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(loginCall.path, fail(CODES.rateLimited.rescode, null, 429));
    await renderRoutes({ "/login": <LoginPage /> }, { url: "/login", language: "ko" });
    await user.type(screen.getByLabelText(/이메일/), "owner@company.com");
    await user.type(screen.getByLabelText(/비밀번호/), "secret12");
    await user.click(screen.getByRole("button", { name: "로그인" }));
    expect((await screen.findByRole("alert")).textContent).toBe("잠시 후 다시 시도해 주세요.");
  });

  it("says how many minutes to wait when the server names the wait, in English", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(loginCall.path, fail(CODES.rateLimited.rescode, { retryAfterSeconds: 541 }, 429));
    await renderRoutes({ "/login": <LoginPage /> }, { url: "/login" });
    await fillLogin(user, "owner@company.com", "secret12");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many sign-in attempts. Try again in 10 minutes.",
    );
    server.reply(loginCall.path, fail(CODES.rateLimited.rescode, { retryAfterSeconds: 30 }, 429));
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Too many sign-in attempts. Try again in 1 minute.")).toBeTruthy();
  });

  it("says how many minutes to wait in Korean on a Korean page", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(loginCall.path, fail(CODES.rateLimited.rescode, { retryAfterSeconds: 900 }, 429));
    await renderRoutes({ "/login": <LoginPage /> }, { url: "/login", language: "ko" });
    await user.type(screen.getByLabelText(/이메일/), "owner@company.com");
    await user.type(screen.getByLabelText(/비밀번호/), "secret12");
    await user.click(screen.getByRole("button", { name: "로그인" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "로그인 시도가 너무 많습니다. 15분 후에 다시 시도해 주세요.",
    );
  });

  it("keeps the token in memory only and opens the page that sent the visitor", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(loginCall.path, ok({ atk: "token-1", user_id: "user_1" }));
    await renderRoutes({ "/login": <LoginPage />, "/Studio/user/*": STUDIO }, { url: "/login" });
    await fillLogin(user, "owner@company.com", "secret12");
    expect(await screen.findByText("studio")).toBeTruthy();
    expect(where()).toBe("/Studio/user");
    expect(useSession.getState().accessToken).toBe("token-1");
    expect(localStorage.getItem("accesstoken")).toBeNull();
  });
});

describe("forgot-password page", { timeout: 30_000 }, () => {
  it("rejects a malformed e-mail with the spec's message and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes({ "/forgotpass": <ForgotPasswordPage /> }, { url: "/forgotpass" });
    await user.type(screen.getByLabelText(/E-mail/), "owner@company");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Please enter a valid email format!")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("confirms with the same words whatever the address, in the page's language", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(forgotPasswordCall.path, ok({ sent: true }));
    await renderRoutes({ "/forgotpass": <ForgotPasswordPage /> }, { url: "/forgotpass", language: "ko" });
    await user.type(screen.getByLabelText(/이메일/), "someone@company.com");
    await user.click(screen.getByRole("button", { name: "재설정 링크 보내기" }));
    expect((await screen.findByRole("status")).textContent).toContain("메일함을 확인해 주세요");
    expect(server.calls.map((c) => c.payload)).toEqual([{ email: "someone@company.com", lang: "ko" }]);
  });
});

describe("password-reset page", { timeout: 30_000 }, () => {
  const TOKEN = "a".repeat(43);
  const routes = {
    "/passwd/reset/:token": <ResetPasswordPage />,
    "/login": <LoginPage />,
    "/forgotpass": <p>forgot</p>,
  };

  it("checks the password format and the repeat before sending anything", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: `/passwd/reset/${TOKEN}` });
    await user.type(screen.getByLabelText(/^New password/), "short");
    await user.type(screen.getByLabelText(/Repeat new password/), "other");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Follow the password format.")).toBeTruthy();
    expect(screen.getByText("Passwords do not match!")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("sets the new password with the token and says so on the sign-in page", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(resetPasswordCall.path, ok({ done: true }));
    await renderRoutes(routes, { url: `/passwd/reset/${TOKEN}` });
    await user.type(screen.getByLabelText(/^New password/), "fresh123");
    await user.type(screen.getByLabelText(/Repeat new password/), "fresh123");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(
      await screen.findByText("Your password has been changed. Please sign in with the new password."),
    ).toBeTruthy();
    expect(where()).toBe("/login");
    expect(server.calls.map((c) => c.payload)).toEqual([{ token: TOKEN, password: "fresh123" }]);
  });

  it("explains a used or expired link and offers a new one", async () => {
    const user = userEvent.setup({ delay: null });
    server.reply(resetPasswordCall.path, fail(CODES.resetLinkInvalid.rescode, null, 404));
    await renderRoutes(routes, { url: `/passwd/reset/${TOKEN}` });
    await user.type(screen.getByLabelText(/^New password/), "fresh123");
    await user.type(screen.getByLabelText(/Repeat new password/), "fresh123");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("This link can no longer be used")).toBeTruthy();
    await user.click(screen.getByRole("link", { name: "Ask for a new link" }));
    expect(where()).toBe("/forgotpass");
  });
});
