import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MESSAGES } from "@vitrine/contract";
import { afterEach, describe, expect, it } from "vitest";
import { renderPage } from "../../shared/test-render";
import RegisterPage from "./RegisterPage";

afterEach(cleanup);

async function toAccountStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole("checkbox", { name: "Agree to all" }));
  await user.click(screen.getByRole("button", { name: "Next" }));
}

describe("sign-up page", { timeout: 30_000 }, () => {
  it("keeps the user on the terms step until both required items are ticked", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<RegisterPage />);
    await user.click(screen.getByRole("checkbox", { name: /Terms of use/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByRole("alert")).toHaveProperty("textContent", MESSAGES.consentRequired);
    expect(screen.queryByLabelText(/E-mail ID/)).toBeNull();

    await user.click(screen.getByRole("checkbox", { name: /Personal information use and collection/ }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByLabelText(/E-mail ID/)).toBeTruthy();
  });

  it("shows the spec's messages for a bad e-mail and a mismatched password, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<RegisterPage />);
    await toAccountStep(user);

    await user.type(screen.getByLabelText(/E-mail ID/), "not-an-email");
    await user.type(screen.getByLabelText(/^E-mail/, { selector: "input[autocomplete=email]" }), "a@b");
    await user.type(screen.getByLabelText(/Verification code/), "123456");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Repeat password/), "secret13");
    await user.click(screen.getByRole("button", { name: "Sign up" }));

    expect(await screen.findAllByText("Please enter a valid email format!")).toHaveLength(2);
    expect(screen.getByText("Passwords do not match!")).toBeTruthy();
    expect(screen.queryByText(/Sign-up opens soon/)).toBeNull();
  });

  it("says plainly that nothing was sent when the form is valid", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<RegisterPage />);
    await toAccountStep(user);

    await user.type(screen.getByLabelText(/E-mail ID/), "owner@company.com");
    await user.type(
      screen.getByLabelText(/^E-mail/, { selector: "input[autocomplete=email]" }),
      "owner@company.com",
    );
    await user.type(screen.getByLabelText(/Verification code/), "123456");
    await user.type(screen.getByLabelText(/^Password/), "secret12");
    await user.type(screen.getByLabelText(/Repeat password/), "secret12");
    await user.click(screen.getByRole("button", { name: "Sign up" }));

    const notice = await screen.findByRole("alert");
    expect(within(notice).getByText("Sign-up opens soon. Nothing was sent.")).toBeTruthy();
  });

  it("shows the same messages in Korean on a Korean page", async () => {
    const user = userEvent.setup({ delay: null });
    await renderPage(<RegisterPage />, { language: "ko" });
    await user.click(screen.getByRole("checkbox", { name: "전체 동의" }));
    await user.click(screen.getByRole("button", { name: "다음" }));
    await user.type(screen.getByLabelText(/이메일 아이디/), "nope");
    await user.click(screen.getByRole("button", { name: "가입하기" }));
    expect((await screen.findAllByText("올바른 이메일 형식을 입력해 주세요!")).length).toBeGreaterThan(0);
  });
});
