import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  adminAuditListCall,
  adminPaymentListCall,
  adminUserDetailCall,
  adminUserSuspendCall,
  adminUserTrialCall,
  CODES,
  type TAdminPaymentDoc,
  type TAdminUserDetail,
  type TAuditDoc,
  type TUserInfo,
  userInfoCall,
} from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useSession } from "../../stores/session";
import { useUserInfo } from "../../stores/user-info";
import { fail, ok, renderRoutes, startTestApi, type TTestApi } from "../../test/test-support";
import AdminPage from "./AdminPage";

const operator = {
  user_id: "user_ops",
  email_id: "ops@vitrine.test",
  email: "ops@vitrine.test",
  email_verified: true,
  plane_info: { plan: "free", period: null, subscribed: false, status: "none", expires_at: null },
  active_plane: "free",
  payment_status: false,
  trial: false,
  trial_ends_at: null,
  is_super: true,
  language: "en",
  created_at: "2026-01-01T00:00:00.000Z",
} as unknown as TUserInfo;

const owner: TAdminUserDetail = {
  user_id: "user_owner",
  email_id: "owner@vitrine.test",
  email: "owner@vitrine.test",
  language: "en",
  active_plane: "free",
  payment_status: false,
  trial: false,
  trial_ends_at: null,
  level: "basic",
  is_super: false,
  suspended: false,
  suspended_at: null,
  created_at: "2026-11-01T00:00:00.000Z",
  plane_info: { plan: "free", period: null, subscribed: false, expires_at: null },
  contents: 3,
  channel: { user_channel_id: "channel_1", channel_name: "Aurora Lamps" },
};

const trialRow: TAuditDoc = {
  audit_id: "audit_1",
  actor_id: "user_ops",
  actor_email_id: "ops@vitrine.test",
  action: "user.trial",
  target_type: "user",
  target_id: "user_owner",
  target_label: "owner@vitrine.test",
  before: { trial_ends_at: null },
  after: { trial_ends_at: "2026-12-31T23:59:59.000Z" },
  reason: "Trade fair lead",
  created_at: "2026-11-24T10:00:00.000Z",
};

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

const ownerPayment: TAdminPaymentDoc = {
  payment_id: "payment_0d3f7a52-8a7e-4c1e-9d55-2f5a4a0b6e11",
  status: "paid",
  kind: "new",
  plan: "standard",
  period: "month",
  currency: "KRW",
  amount: 29_000,
  provider: "toss",
  auto_renew: true,
  transfer: null,
  period_start: "2026-11-24T09:00:00.000Z",
  period_end: "2026-12-24T09:00:00.000Z",
  created_at: "2026-11-24T09:00:00.000Z",
  paid_at: "2026-11-24T09:01:00.000Z",
  note: null,
  user_id: "user_owner",
  email_id: "owner@vitrine.test",
};

const routes = { "/Studio/admin/*": <AdminPage /> };
const page = (data: TAuditDoc[]) => ok({ docs: data, page: 1, page_size: 20, total: data.length });

describe("console account page", { timeout: 30_000 }, () => {
  it("shows the account, asks for a reason before acting, then sets the trial and shows the log", async () => {
    server.reply(userInfoCall.path, ok({ docs: [operator] }));
    server.reply(adminUserDetailCall.path, ok({ doc: owner }));
    server.reply(adminAuditListCall.path, page([]));
    server.reply(adminPaymentListCall.path, ok({ docs: [ownerPayment], page: 1, page_size: 20, total: 1 }));
    await renderRoutes(routes, { url: "/Studio/admin/users/user_owner" });
    expect(await screen.findByRole("heading", { name: "owner@vitrine.test" })).toBeTruthy();
    // The account's payments: status, amount, provider and dates.
    const paymentRow = await screen.findByTestId("user-payment-row");
    expect(within(paymentRow).getByText("Paid")).toBeTruthy();
    expect(within(paymentRow).getByText("₩29,000")).toBeTruthy();
    expect(within(paymentRow).getByText("Card (Toss Payments)")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Payments (1)" })).toBeTruthy();
    expect(server.calls.find((c) => c.path === adminPaymentListCall.path)?.payload).toEqual({
      page: 1,
      user_id: "user_owner",
    });
    expect(screen.getByRole("link", { name: "Aurora Lamps" }).getAttribute("href")).toBe(
      "/Channel/channel_1",
    );
    expect(screen.getByText("Nothing recorded yet.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Trial ends on/), { target: { value: "2026-12-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Set the trial" }));
    expect(await screen.findByText("Please write why (it goes into the audit log).")).toBeTruthy();
    expect(server.calls.some((c) => c.path === adminUserTrialCall.path)).toBe(false);

    const [reasonField] = screen.getAllByLabelText(/Reason/);
    if (!reasonField) throw new Error("no reason field");
    fireEvent.change(reasonField, { target: { value: "Trade fair lead" } });
    server.reply(
      adminUserTrialCall.path,
      ok({ doc: { ...owner, trial: true, trial_ends_at: "2026-12-31T23:59:59.000Z", level: "advanced" } }),
    );
    server.reply(adminAuditListCall.path, page([trialRow]));
    fireEvent.click(screen.getByRole("button", { name: "Set the trial" }));
    expect(await screen.findByText("Done. It is recorded in the audit log.")).toBeTruthy();
    const sent = server.calls.find((c) => c.path === adminUserTrialCall.path);
    expect(sent?.payload).toEqual({
      user_id: "user_owner",
      trial_ends_at: new Date("2026-12-31T23:59:59").toISOString(),
      reason: "Trade fair lead",
    });
    expect(await screen.findByText("Advanced limits")).toBeTruthy();
    expect(await screen.findByText("Trade fair lead")).toBeTruthy();
    expect(screen.getByText("Trial changed")).toBeTruthy();
    expect(screen.getByText("Trial ends")).toBeTruthy();
  });

  it("says so when the server refuses an action", async () => {
    server.reply(userInfoCall.path, ok({ docs: [operator] }));
    server.reply(adminUserDetailCall.path, ok({ doc: owner }));
    server.reply(adminAuditListCall.path, page([]));
    server.reply(adminPaymentListCall.path, ok({ docs: [], page: 1, page_size: 20, total: 0 }));
    await renderRoutes(routes, { url: "/Studio/admin/users/user_owner" });
    await screen.findByRole("heading", { name: "owner@vitrine.test" });
    expect(await screen.findByText("This account has no payments.")).toBeTruthy();
    const reasons = screen.getAllByLabelText(/Reason/);
    const last = reasons[reasons.length - 1];
    if (!last) throw new Error("no reason field");
    fireEvent.change(last, { target: { value: "Chargeback" } });
    server.reply(adminUserSuspendCall.path, fail(CODES.adminSelfAction.rescode));
    fireEvent.click(screen.getByRole("button", { name: "Suspend" }));
    expect(await screen.findByText("You cannot do this to your own account.")).toBeTruthy();
    await waitFor(() =>
      expect(server.calls.find((c) => c.path === adminUserSuspendCall.path)?.payload).toEqual({
        user_id: "user_owner",
        suspended: true,
        reason: "Chargeback",
      }),
    );
  });
});
