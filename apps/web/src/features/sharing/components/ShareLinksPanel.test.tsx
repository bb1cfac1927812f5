import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  CODES,
  shareLinkCreateCall,
  shareLinkDeleteCall,
  shareLinkListCall,
  type TShareLinkAllowance,
  type TShareLinkDoc,
} from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../../../stores/session";
import { fail, ok, renderRoutes, startTestApi, type TTestApi } from "../../../test/test-support";
import { ShareLinksPanel } from "./ShareLinksPanel";

const BASIC: TShareLinkAllowance = { limit: 1, can_password: false, month_limit: 100 };
const ADVANCED: TShareLinkAllowance = { limit: 10, can_password: true, month_limit: null };

function link(n: number, overrides: Partial<TShareLinkDoc> = {}): TShareLinkDoc {
  return {
    sharelink_url: `link${String(n).padStart(28, "0")}`,
    content_id: "content_1",
    kind: "open",
    month_access: 12,
    month_limit: 100,
    total_access: 34,
    sealed_bytes: null,
    created_at: "2026-03-01T09:00:00.000Z",
    ...overrides,
  };
}

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await server.close();
});
beforeEach(() => {
  useSession.setState({ accessToken: "token-1", userId: null });
});
afterEach(() => {
  cleanup();
  server.reset();
  useSession.setState({ accessToken: null, userId: null });
  vi.restoreAllMocks();
});

const render = (language: "en" | "ko" = "en") =>
  renderRoutes({ "/": <ShareLinksPanel contentId="content_1" title="Fox" /> }, { url: "/", language });
const pathsCalled = () => server.calls.map((c) => c.path);

describe("share-link manager", { timeout: 30_000 }, () => {
  it("lists the links with kind, monthly and total accesses, and the plan's allowance", async () => {
    server.reply(
      shareLinkListCall.path,
      ok({
        docs: [link(1), link(2, { kind: "password", month_limit: null, month_access: 5 })],
        allowance: { ...ADVANCED, limit: 3 },
      }),
    );
    await render();
    expect(await screen.findByTestId("share-usage")).toHaveProperty("textContent", "2 of 3 links");
    const items = screen.getAllByTestId("share-link");
    expect(within(items[0] as HTMLElement).getByTestId("share-link-kind").textContent).toBe("Link");
    expect(within(items[0] as HTMLElement).getByText("12 / 100 this month")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("34 in total")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByTestId("share-link-kind").textContent).toBe("Password");
    expect(within(items[1] as HTMLElement).getByText("5 this month")).toBeTruthy();
    expect(server.calls[0]?.payload).toEqual({ content_id: "content_1" });
  });

  it("at the plan's limit, disables creating and says why, with a way to upgrade", async () => {
    server.reply(shareLinkListCall.path, ok({ docs: [link(1)], allowance: BASIC }));
    await render();
    const notice = await screen.findByTestId("share-at-limit");
    expect(notice.textContent).toContain("already has the 1 links your plan allows");
    expect(within(notice).getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/price");
    expect(screen.getByRole("button", { name: "Create link" })).toHaveProperty("disabled", true);
  });

  it("on Basic, offers no password link and says from which plan", async () => {
    server.reply(shareLinkListCall.path, ok({ docs: [], allowance: { ...BASIC, limit: 3 } }));
    await render();
    const radio = await screen.findByRole("radio", { name: "Password link" });
    expect(radio).toHaveProperty("disabled", true);
    expect(screen.getByText("From the Standard plan")).toBeTruthy();
    expect(screen.getByText("No links yet. Create one below to share this content.")).toBeTruthy();
  });

  it("copies a link's address and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    server.reply(shareLinkListCall.path, ok({ docs: [link(1)], allowance: ADVANCED }));
    await render();
    await userEvent.click(await screen.findByRole("button", { name: "Copy link" }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/${link(1).sharelink_url}`);
    expect(await screen.findByText("Link copied.")).toBeTruthy();
  });

  it("deletes a link only after the confirmation", async () => {
    server.reply(shareLinkListCall.path, ok({ docs: [link(1), link(2)], allowance: ADVANCED }));
    server.reply(shareLinkDeleteCall.path, ok({ deleted: true }));
    await render();
    const first = (await screen.findAllByTestId("share-link"))[0] as HTMLElement;
    await userEvent.click(within(first).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(first).getByRole("button", { name: "Keep it" }));
    expect(pathsCalled()).toEqual([shareLinkListCall.path]);
    await userEvent.click(within(first).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(first).getByRole("button", { name: "Delete link" }));
    await waitFor(() => expect(screen.getAllByTestId("share-link")).toHaveLength(1));
    expect(server.calls[1]).toMatchObject({
      path: shareLinkDeleteCall.path,
      payload: { sharelink_url: link(1).sharelink_url },
    });
    expect(await screen.findByText("Link deleted.")).toBeTruthy();
    expect(screen.getByTestId("share-usage").textContent).toBe("1 of 10 links");
  });

  it("checks a password's length before sending, and shows the server's field error in Korean", async () => {
    server.reply(shareLinkListCall.path, ok({ docs: [], allowance: ADVANCED }));
    server.reply(
      shareLinkCreateCall.path,
      fail(CODES.validation.rescode, { fields: { password: "Use 6 to 20 characters." } }, 400),
    );
    await render("ko");
    await userEvent.click(await screen.findByRole("radio", { name: "비밀번호 링크" }));
    await userEvent.type(screen.getByLabelText("비밀번호", { selector: "input[type=password]" }), "abc");
    await userEvent.click(screen.getByRole("button", { name: "링크 만들기" }));
    expect(await screen.findByText("6~20자로 입력해 주세요.")).toBeTruthy();
    expect(pathsCalled()).toEqual([shareLinkListCall.path]);
    // The server's own refusal lands on the same field.
    await userEvent.type(screen.getByLabelText("비밀번호", { selector: "input[type=password]" }), "defgh");
    await userEvent.click(screen.getByRole("button", { name: "링크 만들기" }));
    await waitFor(() => expect(pathsCalled()).toHaveLength(2));
    expect(server.calls[1]?.payload).toEqual({ content_id: "content_1", password: "abcdefgh" });
    expect(await screen.findByText("6~20자로 입력해 주세요.")).toBeTruthy();
  });

  it("adds a new link at the top and names the limit when the server refuses one", async () => {
    server.reply(shareLinkListCall.path, ok({ docs: [], allowance: { ...ADVANCED, limit: 2 } }));
    server.reply(shareLinkCreateCall.path, ok({ doc: link(7) }));
    server.reply(
      shareLinkCreateCall.path,
      fail(CODES.planLimit.rescode, { limit: "sharelink", max: 2 }, 403),
    );
    await render();
    await userEvent.click(await screen.findByRole("button", { name: "Create link" }));
    expect(await screen.findByText("Link created.")).toBeTruthy();
    expect(screen.getAllByTestId("share-link")).toHaveLength(1);
    expect(server.calls[1]?.payload).toEqual({ content_id: "content_1" });
    await userEvent.click(screen.getByRole("button", { name: "Create link" }));
    const notice = await screen.findByTestId("limit-notice");
    expect(notice.textContent).toContain("Your plan allows 2 share links.");
  });

  it("for an encrypted link made earlier, explains why its full address cannot be shown", async () => {
    server.reply(
      shareLinkListCall.path,
      ok({ docs: [link(1, { kind: "sealed", sealed_bytes: 2048 })], allowance: ADVANCED }),
    );
    await render();
    const item = await screen.findByTestId("share-link");
    expect(within(item).getByTestId("share-link-kind").textContent).toBe("Encrypted");
    expect(within(item).getByText(/never stored on our servers/)).toBeTruthy();
    expect(within(item).queryByRole("button", { name: "Copy link" })).toBeNull();
  });
});
