import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { logoutCall, userInfoCall } from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useSession } from "../../../stores/session";
import { useUserInfo } from "../../../stores/user-info";
import { ok, renderRoutes, startTestApi, type TTestApi } from "../../../test/test-support";
import { HeaderAccount } from "./HeaderAccount";

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.reset();
  useSession.setState({ accessToken: null, userId: null });
  useUserInfo.getState().clear();
});

const routes = { "/price": <HeaderAccount />, "/login": <p>sign-in page</p>, "/": <p>home page</p> };

describe("header account corner", { timeout: 30_000 }, () => {
  it("asks a visitor to sign in before the studio, and returns them there after", async () => {
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/price" });
    await user.click(screen.getByRole("button", { name: "Studio" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Login is required")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.getByTestId("where").textContent).toBe("/price");

    await user.click(screen.getByRole("button", { name: "Studio" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("sign-in page")).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it("shows the signed-in e-mail and signs out with the server, then goes home", async () => {
    useSession.setState({ accessToken: "token-1" });
    server.reply(userInfoCall.path, {
      body: {
        status: true,
        rescode: 200,
        data: {
          docs: [
            {
              user_id: "user_1",
              email_id: "owner@company.com",
              email: "owner@company.com",
              email_verified: true,
              plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
              active_plane: "free",
              payment_status: false,
              trial: false,
              trial_ends_at: null,
              is_super: false,
              language: "en",
              created_at: "2026-05-01T00:00:00.000Z",
            },
          ],
        },
      },
    });
    server.reply(logoutCall.path, ok({ done: true }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/price" });
    await waitFor(() =>
      expect(screen.getByTestId("header-user-email").textContent).toContain("owner@company.com"),
    );
    expect(screen.getByRole("link", { name: "Studio" }).getAttribute("href")).toBe("/Studio/user");
    await user.click(screen.getByTestId("header-account-menu"));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(useSession.getState().accessToken).toBeNull();
    expect(server.calls.map((c) => c.path)).toEqual([userInfoCall.path, logoutCall.path]);
  });
});
