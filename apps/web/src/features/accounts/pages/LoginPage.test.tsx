import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../shared/test-render";
import ForgotPasswordPage from "./ForgotPasswordPage";
import LoginPage from "./LoginPage";
import ResetPasswordPage from "./ResetPasswordPage";

afterEach(cleanup);

describe("sign-in page", { timeout: 30_000 }, () => {
  it("prompts for the empty e-mail and the empty password", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<LoginPage />, { url: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Please enter your email address.")).toBeTruthy();
    expect(screen.getByText("Please enter your password.")).toBeTruthy();
    expect(screen.queryByText(/Sign-in opens soon/)).toBeNull();
  });

  it("says that accounts are not open and never pretends to sign in", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<LoginPage />, { url: "/login" });
    expect(screen.getByText("Accounts are not open yet")).toBeTruthy();
    await user.type(screen.getByLabelText(/E-mail/), "owner@company.com");
    await user.type(screen.getByLabelText(/Password/), "whatever1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Sign-in opens soon. Nothing was sent.");
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe(
      "/forgotpass",
    );
  });
});

describe("forgot-password page", { timeout: 30_000 }, () => {
  it("rejects a malformed e-mail with the spec's message", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<ForgotPasswordPage />, { url: "/forgotpass" });
    await user.type(screen.getByLabelText(/E-mail/), "owner@company");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Please enter a valid email format!")).toBeTruthy();
  });
});

describe("password-reset page", { timeout: 30_000 }, () => {
  it("checks the password format and the repeat", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<ResetPasswordPage />, { url: "/passwd/reset/abc", path: "/passwd/reset/:token" });
    await user.type(screen.getByLabelText(/^New password/), "short");
    await user.type(screen.getByLabelText(/Repeat new password/), "other");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText("Follow the password format.")).toBeTruthy();
    expect(screen.getByText("Passwords do not match!")).toBeTruthy();
  });
});
