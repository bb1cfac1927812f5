import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  CODES,
  changePasswordCall,
  channelContentsCall,
  channelCreateCall,
  connectNewCountCall,
  contentListCall,
  deleteAccountCall,
  logoutCall,
  logoutEverywhereCall,
  myChannelCall,
  paymentAccountCall,
  reportSummaryCall,
  setLanguageCall,
  type TChannelDoc,
  type TUserInfo,
  userInfoCall,
} from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useSession } from "../../stores/session";
import { useUiStore } from "../../stores/ui";
import { useUserInfo } from "../../stores/user-info";
import { fail, ok, renderRoutes, startTestApi, type TTestApi } from "../../test/test-support";
import StudioPage from "./StudioPage";

const DAY = 86_400_000;

function channelDoc(): TChannelDoc {
  const at = new Date().toISOString();
  return {
    user_channel_id: "channel_00000000-0000-4000-8000-000000000001",
    channel_name: "Aurora Lamps",
    origin_lang: "en",
    channel_intro: "",
    homepage_url: "",
    contact_email: "",
    contact_phone: "",
    show_contact: false,
    country: null,
    languages: [],
    logo_url: null,
    cover_url: null,
    brand_color: "#1c7ed6",
    channel_global_business_info: {
      company_name: "",
      industry: null,
      industry_other: "",
      year_founded: null,
      employees: null,
      productsServices_origin: "",
      duns: "",
      certifications: "",
      export_markets: [],
      payment_methods: [],
      shipping_methods: [],
      incoterms: { edition: "2020", codes: [] },
    },
    transinfo: { en: {}, ko: {} },
    trans_source: { en: {}, ko: {} },
    profiles: [],
    featured_content_id: null,
    views: 0,
    created_at: at,
    updated_at: at,
  };
}

function userInfo(overrides: Partial<TUserInfo> = {}): TUserInfo {
  return {
    user_id: "user_1",
    email_id: "owner@company.com",
    email: "owner@company.com",
    email_verified: true,
    plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
    active_plane: "free",
    payment_status: false,
    trial: true,
    trial_ends_at: new Date(Date.now() + 14 * DAY - 60_000).toISOString(),
    is_super: false,
    language: "en",
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  // Let Mantine's last transition timers fire while jsdom's window still exists.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await server.close();
});
beforeEach(() => {
  // The account page's plan area reads the subscription (none here).
  for (let i = 0; i < 3; i++) server.reply(paymentAccountCall.path, ok({ subscription: null, payments: [] }));
  // The menu's badge asks for new inquiries on each section change (two new ones here).
  for (let i = 0; i < 5; i++) server.reply(connectNewCountCall.path, ok({ new_count: 2 }));
  useUiStore.setState({ sidebarShow: true });
  useSession.setState({ accessToken: "token-1", userId: null });
});
afterEach(() => {
  cleanup();
  server.reset();
  useSession.setState({ accessToken: null, userId: null });
  useUserInfo.getState().clear();
});

const routes = {
  "/Studio/user/*": <StudioPage />,
  "/login": <p>sign-in page</p>,
  "/": <p>home page</p>,
};
const where = () => screen.getByTestId("where").textContent;
/** The calls made, without the plan area's read of the subscription and the menu badge's count. */
const paths = () =>
  server.calls
    .map((c) => c.path)
    .filter((path) => path !== paymentAccountCall.path && path !== connectNewCountCall.path);

describe("studio", { timeout: 30_000 }, () => {
  it("sends a visitor to the sign-in page", async () => {
    useSession.setState({ accessToken: null });
    await renderRoutes(routes, { url: "/Studio/user/account" });
    expect(await screen.findByText("sign-in page")).toBeTruthy();
    expect(where()).toBe("/login");
    expect(server.calls).toEqual([]);
  });

  it("shows the section of the URL; a section that is not there yet says so and points to Contents", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    await renderRoutes(routes, { url: "/Studio/user/sharelinks" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Share links");
    expect(screen.getByText("Share links are made from each content")).toBeTruthy();
    // Uploading is open: nothing may say it "opens soon".
    expect(document.body.textContent).not.toMatch(/soon/i);
    expect(screen.getByRole("link", { name: "Go to Contents" }).getAttribute("href")).toBe(
      "/Studio/user/contents",
    );
    expect(screen.getByRole("link", { name: "Share links" }).getAttribute("aria-current")).toBe("page");
    expect(await screen.findByText("owner@company.com")).toBeTruthy();
    expect(server.calls[0]).toMatchObject({ path: userInfoCall.path, authorization: "Bearer token-1" });
  });

  it("shows the owner's report in the Analytics section", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    const figures = { visits: 0, experiences: 0, uniques: 0, avg_seconds: 0, avg_experience_seconds: 0 };
    server.reply(
      reportSummaryCall.path,
      ok({
        from: "2026-10-26",
        to: "2026-11-24",
        zone: "UTC",
        locked: [],
        ...figures,
        previous: figures,
        realtime: 0,
        by_type: [],
        by_browser: [],
        by_device: [],
        by_os: [],
        by_inflow: [],
        top: [],
        annotations: [],
        motion_steps: [],
        daily: [],
      }),
    );
    await renderRoutes(routes, { url: "/Studio/user/analytics", language: "ko" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("분석");
    expect(await screen.findByText("이 기간에는 아직 방문이 없습니다")).toBeTruthy();
    expect(screen.getByRole("link", { name: "분석" }).getAttribute("aria-current")).toBe("page");
    await screen.findByText("owner@company.com");
  });

  it.each([
    ["en", "sharelinks", "Share links are made from each content", "Go to Contents"],
    ["ko", "sharelinks", "공유 링크는 콘텐츠마다 만듭니다", "콘텐츠로 가기"],
  ] as const)("%s /%s says truthfully what is there: %s", async (language, section, title, link) => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    await renderRoutes(routes, { url: `/Studio/user/${section}`, language });
    expect(screen.getByText(title)).toBeTruthy();
    expect(screen.getByRole("link", { name: link }).getAttribute("href")).toBe("/Studio/user/contents");
    expect(document.body.textContent).not.toMatch(/soon|곧 열립니다/i);
    await screen.findByText("owner@company.com");
  });

  it.each([
    ["en", "No channel created yet, please create one.", "Create channel", "Channel created.", "Basic info"],
    [
      "ko",
      "아직 생성된 채널이 없습니다. 채널을 만들어 주세요.",
      "채널 만들기",
      "채널이 생성되었습니다.",
      "기본 정보",
    ],
  ] as const)(
    "%s /channel prompts to create a channel, then shows its sections",
    async (language, prompt, button, created, tab) => {
      server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
      server.reply(
        myChannelCall.path,
        ok({ doc: null, translation: { provider: "none", attribution: null } }),
      );
      await renderRoutes(routes, { url: "/Studio/user/channel", language });
      expect(await screen.findByText(prompt)).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: button }));
      const name = language === "en" ? "Channel name" : "채널 이름";
      await userEvent.type(screen.getByRole("textbox", { name: new RegExp(name) }), "Aurora Lamps");
      server.reply(channelCreateCall.path, ok({ doc: channelDoc() }));
      server.reply(channelContentsCall.path, ok({ docs: [] }));
      await userEvent.click(screen.getByRole("button", { name: language === "en" ? "Create" : "만들기" }));
      expect(await screen.findByRole("tab", { name: tab })).toBeTruthy();
      expect(await screen.findByText(created)).toBeTruthy();
      expect(server.calls.find((c) => c.path === channelCreateCall.path)).toBeTruthy();
    },
  );

  it("folds the menu to icons with the sidebar toggle and remembers it in the store", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    // The default section is the content list, which asks for the contents.
    server.reply(contentListCall.path, ok({ docs: [] }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/Studio/user/" });
    // Waits on what the owner waits on (the studio drawn, the count arrived), not on a machine
    // quick enough to draw them within findBy's default second: on a loaded 2-core machine the
    // lazy studio page took longer.
    const patience = { timeout: 15_000 };
    const menu = await screen.findByRole("navigation", { name: "Studio menu" }, patience);
    await waitFor(() => expect(menu.textContent).toContain("Share links"), patience);
    // New inquiries: a count beside Connections, part of the entry's name.
    const connections = await screen.findByRole("link", { name: "Connections, 2 new inquiries" }, patience);
    expect(within(connections).getByTestId("menu-badge-connections").textContent).toBe("2");

    await user.click(screen.getByRole("button", { name: "Show or hide the menu" }));
    expect(useUiStore.getState().sidebarShow).toBe(false);
    await waitFor(() => expect(menu.textContent).not.toContain("Share links"), patience);
    expect(screen.getByRole("link", { name: "Share links" })).toBeTruthy();
    // Folded: a dot on the icon, the count still in the name.
    const folded = await screen.findByRole("link", { name: "Connections, 2 new inquiries" }, patience);
    expect(within(folded).getByTestId("menu-badge-connections")).toBeTruthy();
    await waitFor(() => expect(server.calls.map((c) => c.path)).toContain(contentListCall.path), patience);
  });
});

describe("account page", { timeout: 30_000 }, () => {
  it("waits with the loading text, then shows the e-mail, the plan and the trial's days left", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    await renderRoutes(routes, { url: "/Studio/user/account" });
    expect(screen.getByText("Please wait a moment...")).toBeTruthy();
    expect((await screen.findByTestId("account-email")).textContent).toBe("owner@company.com");
    expect(await screen.findByText("Verified")).toBeTruthy();
    expect(screen.getByTestId("account-plan").textContent).toBe("Free");
    expect(screen.getByTestId("account-trial").textContent).toMatch(/^Free trial: 14 days left\./);
    expect(screen.getByText("Limits in effect: Advanced")).toBeTruthy();
  });

  it("shows a paid plan's period and its expiry in Korean time on a Korean page", async () => {
    server.reply(
      userInfoCall.path,
      ok({
        docs: [
          userInfo({
            plane_info: {
              plan: "standard",
              period: "year",
              subscribed: true,
              status: "active",
              expires_at: "2027-03-01T15:30:00.000Z",
            },
            active_plane: "standard",
            payment_status: true,
            trial: false,
            trial_ends_at: "2026-01-10T00:00:00.000Z",
          }),
        ],
      }),
    );
    await renderRoutes(routes, { url: "/Studio/user/account", language: "ko" });
    expect((await screen.findByTestId("account-plan")).textContent).toBe("Standard");
    expect(screen.getByText("연간")).toBeTruthy();
    expect(screen.getByText("구독 중")).toBeTruthy();
    expect(screen.getByText("2027-03-02 00:30")).toBeTruthy();
    expect(screen.getByTestId("account-trial").textContent).toBe(
      "무료 체험이 2026-01-10 09:00에 끝났습니다.",
    );
  });

  it("says when the account cannot be loaded", async () => {
    server.reply(userInfoCall.path, ok({ docs: [] }));
    await renderRoutes(routes, { url: "/Studio/user/account" });
    expect(await screen.findByText("Failed to load plan information.")).toBeTruthy();
  });

  it("changes the password: bad input sends nothing, a wrong current password is said on its field", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/Studio/user/account" });
    await screen.findByTestId("account-email");
    const submit = screen.getByRole("button", { name: "Change password" });
    await user.type(screen.getByLabelText(/^New password/), "short");
    await user.click(submit);
    expect(await screen.findByText("Please enter your password.")).toBeTruthy();
    expect(screen.getByText("Follow the password format.")).toBeTruthy();
    expect(paths()).toEqual([userInfoCall.path]);

    await user.type(screen.getByLabelText(/^Current password/), "wrong-pass1");
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), "fresh123");
    await user.type(screen.getByLabelText(/^Repeat new password/), "fresh123");
    server.reply(changePasswordCall.path, fail(CODES.wrongCredentials.rescode));
    await user.click(submit);
    expect(await screen.findByText("The email or password you entered is incorrect.")).toBeTruthy();
    expect(server.calls.at(-1)?.payload).toEqual({ current_password: "wrong-pass1", password: "fresh123" });

    server.reply(changePasswordCall.path, ok({ done: true }));
    await user.click(submit);
    expect(
      await screen.findByText("Your password has been changed. Other sessions were signed out."),
    ).toBeTruthy();
    expect(useSession.getState().accessToken).toBe("token-1");
  });

  it("switches the language of the page and stores it for the account", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    server.reply(setLanguageCall.path, ok({ language: "ko" }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/Studio/user/account" });
    await screen.findByTestId("account-email");
    await user.click(within(screen.getByTestId("account-language")).getByText("한국어"));
    expect(await screen.findByText("언어가 저장되었습니다.")).toBeTruthy();
    expect(server.calls.at(-1)).toMatchObject({ path: setLanguageCall.path, payload: { language: "ko" } });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("계정");
  });

  it("signs out everywhere after a confirmation and goes home", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    server.reply(logoutEverywhereCall.path, ok({ ended: 2 }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/Studio/user/account" });
    await screen.findByTestId("account-email");
    await user.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/this one included/)).toBeTruthy();
    expect(paths()).toEqual([userInfoCall.path]);
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(useSession.getState().accessToken).toBeNull();
    expect(paths()).toEqual([userInfoCall.path, logoutEverywhereCall.path]);
  });

  it("signs out from the studio's menu", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    server.reply(logoutCall.path, ok({ done: true }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/Studio/user/account" });
    await user.click(await screen.findByTestId("studio-user-email"));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(useSession.getState().accessToken).toBeNull();
    // The account page's own calls (its plan area) may still land around it; the logout is sent with the token.
    expect(server.calls.find((call) => call.path === logoutCall.path)).toMatchObject({
      authorization: "Bearer token-1",
    });
  });

  it("deletes the account only with the password, then signs out and goes home", async () => {
    server.reply(userInfoCall.path, ok({ docs: [userInfo()] }));
    const user = userEvent.setup({ delay: null });
    await renderRoutes(routes, { url: "/Studio/user/account" });
    await screen.findByTestId("account-email");
    await user.click(screen.getByRole("button", { name: "Delete account" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("every file you uploaded (models and images)")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    expect(await within(dialog).findByText("Please enter your password.")).toBeTruthy();
    expect(paths()).toEqual([userInfoCall.path]);

    server.reply(deleteAccountCall.path, fail(CODES.wrongCredentials.rescode));
    await user.type(within(dialog).getByLabelText(/Enter your password/), "wrong-pass1");
    await user.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    expect(await within(dialog).findByText("The email or password you entered is incorrect.")).toBeTruthy();
    expect(useSession.getState().accessToken).toBe("token-1");

    server.reply(deleteAccountCall.path, ok({ deleted: true }));
    await user.click(within(dialog).getByRole("button", { name: "Delete for good" }));
    expect(await screen.findByText("home page")).toBeTruthy();
    await waitFor(() => expect(useSession.getState().accessToken).toBeNull());
  });
});
