import { cleanup, screen } from "@testing-library/react";
import { adminSuperListCall, type TUserInfo, userInfoCall } from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useSession } from "../../stores/session";
import { useUserInfo } from "../../stores/user-info";
import { ok, renderRoutes, startTestApi, type TTestApi } from "../../test/test-support";
import AdminPage from "./AdminPage";

function userInfo(isSuper: boolean): TUserInfo {
  return {
    user_id: "user_1",
    email_id: "ops@vitrine.test",
    email: "ops@vitrine.test",
    email_verified: true,
    plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
    active_plane: "free",
    payment_status: false,
    trial: false,
    trial_ends_at: null,
    is_super: isSuper,
    language: "en",
    created_at: new Date().toISOString(),
  };
}

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await server.close();
});
beforeEach(() => useSession.setState({ accessToken: "token-1", userId: null }));
afterEach(() => {
  cleanup();
  server.reset();
  useSession.setState({ accessToken: null, userId: null });
  useUserInfo.getState().clear();
});

const routes = { "/Studio/admin/*": <AdminPage />, "/login": <p>sign-in page</p> };

describe("operators' console", { timeout: 30_000 }, () => {
  it("sends a visitor to the sign-in page", async () => {
    useSession.setState({ accessToken: null });
    await renderRoutes(routes, { url: "/Studio/admin/supers" });
    expect(await screen.findByText("sign-in page")).toBeTruthy();
  });

  it("tells an owner who is not an operator that the console is not theirs, and calls nothing else", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo(false)] }));
    await renderRoutes(routes, { url: "/Studio/admin/supers" });
    expect(await screen.findByText("This area is for the Vitrine team")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the studio" }).getAttribute("href")).toBe(
      "/Studio/user/contents",
    );
    expect(server.calls.map((c) => c.path)).toEqual([userInfoCall.path]);
  });

  it("shows a super account its console with the super accounts list", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo(true)] }));
    server.reply(
      adminSuperListCall.path,
      ok({ docs: [{ email_id: "ops@vitrine.test" }, { email_id: "lead@vitrine.test" }] }),
    );
    await renderRoutes(routes, { url: "/Studio/admin/supers" });
    expect(await screen.findByText("lead@vitrine.test")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Super accounts");
    expect(screen.getByRole("navigation", { name: "Console menu" })).toBeTruthy();
  });
});
