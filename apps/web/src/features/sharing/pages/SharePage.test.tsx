import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  CODES,
  DEFAULT_SCENE,
  shareLinkResolveCall,
  shareLinkUnlockCall,
  type TSharedDoc,
  visitCountCall,
} from "@vitrine/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fail, ok, renderRoutes, startTestApi, type TTestApi } from "../../accounts/test-support";
import SharePage from "./SharePage";

const ID = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";
const BRANDING = { show_logo: true, show_ads: false };
const PUBLISHER = { owner_id: "user_jane", name: "jane.kim", href: null };

const contentDoc: TSharedDoc = {
  kind: "content",
  sharelink_url: ID,
  branding: BRANDING,
  publisher: PUBLISHER,
  content: {
    content_id: "content_1",
    title: "Red Fox",
    model_url: "/blobs/model.glb",
    thumbnail_url: null,
    build: { annotationinfo: [], animationinfo: [], materialinfo: [], sceneinfo: DEFAULT_SCENE },
    specification: { images: [], homepage_url: null, purchase_url: null },
    dimensions: null,
    views: 3,
  },
};

let server: TTestApi;
beforeAll(async () => {
  server = await startTestApi();
});
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 500));
  await server.close();
});
afterEach(() => {
  cleanup();
  server.reset();
});

const show = (url: string, language: "en" | "ko" = "en") =>
  renderRoutes({ "/share/:id": <SharePage />, "/": <p>home page</p> }, { url, language });
const paths = () => server.calls.map((c) => c.path);

describe("share page", { timeout: 30_000 }, () => {
  it("says a malformed link is not found, without asking the server, and offers the way home", async () => {
    await show("/share/nonsense");
    expect(await screen.findByRole("heading", { name: "Link not found" })).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Go to Vitrine" }));
    expect(await screen.findByText("home page")).toBeTruthy();
    expect(paths()).toEqual([]);
  });

  it("says a deleted link is not found (in Korean)", async () => {
    server.reply(shareLinkResolveCall.path, fail(CODES.notFound.rescode, null, 404));
    await show(`/share/${ID}`, "ko");
    expect(await screen.findByRole("heading", { name: "링크를 찾을 수 없습니다" })).toBeTruthy();
    expect(server.calls[0]?.payload).toEqual({ sharelink_url: ID });
  });

  it("says when a link has used its monthly views", async () => {
    server.reply(shareLinkResolveCall.path, fail(CODES.shareLinkMonthlyLimit.rescode, null, 403));
    await show(`/share/${ID}`);
    expect(await screen.findByText(CODES.shareLinkMonthlyLimit.message)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Viewing limit reached" })).toBeTruthy();
  });

  it("asks for a password, refuses a wrong one inline, and shows the content after the right one", async () => {
    server.reply(shareLinkResolveCall.path, fail(CODES.sharePasswordRequired.rescode, null, 401));
    server.reply(shareLinkUnlockCall.path, fail(CODES.sharePasswordWrong.rescode, null, 401));
    server.reply(shareLinkUnlockCall.path, ok({ unlocked: true, unlock_token: null }));
    server.reply(shareLinkResolveCall.path, ok({ doc: contentDoc }));
    server.reply(visitCountCall.path, ok({ counted: true }));
    await show(`/share/${ID}`);
    const input = await screen.findByTestId("share-password-input");
    expect(document.activeElement).toBe(input);
    // Nothing of the content or its owner before the password.
    expect(screen.queryByTestId("share-header")).toBeNull();
    expect(document.body.textContent).not.toContain("jane.kim");
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("Please enter the password.")).toBeTruthy();
    expect(paths()).toEqual([shareLinkResolveCall.path]);
    await userEvent.type(input, "wrong-one{Enter}");
    expect(await screen.findByText("The password is not correct.")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "right-one{Enter}");
    await waitFor(() => expect(document.title).toBe("Red Fox · Vitrine"));
    expect(screen.getByTestId("share-viewer")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Red Fox" })).toBeTruthy();
    expect(screen.getByTestId("share-publisher").textContent).toBe("Shared by jane.kim");
    await waitFor(() => expect(paths()).toContain(visitCountCall.path));
    expect(server.calls.find((c) => c.path === visitCountCall.path)?.payload).toEqual({
      user_contents_id: "content_1",
    });
    expect(server.calls.filter((c) => c.path === shareLinkUnlockCall.path).map((c) => c.payload)).toEqual([
      { sharelink_url: ID, password: "wrong-one" },
      { sharelink_url: ID, password: "right-one" },
    ]);
  });

  it("says 'Please try again later.' when password attempts are limited", async () => {
    server.reply(shareLinkResolveCall.path, fail(CODES.sharePasswordRequired.rescode, null, 401));
    server.reply(shareLinkUnlockCall.path, fail(CODES.rateLimited.rescode, null, 429));
    await show(`/share/${ID}`);
    await userEvent.type(await screen.findByTestId("share-password-input"), "anything{Enter}");
    expect(await screen.findByText("Please try again later.")).toBeTruthy();
  });

  it("says an encrypted link without its key is incomplete, and downloads nothing", async () => {
    server.reply(
      shareLinkResolveCall.path,
      ok({
        doc: {
          kind: "sealed",
          sharelink_url: ID,
          sealed_url: "/blobs/sealed-1.vts",
          sealed_bytes: 1000,
          branding: BRANDING,
          publisher: PUBLISHER,
        },
      }),
    );
    await show(`/share/${ID}`);
    expect(
      await screen.findByText(
        "This encrypted link is incomplete or damaged. Ask the sender for the full link.",
      ),
    ).toBeTruthy();
    expect(paths()).toEqual([shareLinkResolveCall.path]);
  });

  it("says plainly when the browser cannot draw the model", async () => {
    server.reply(shareLinkResolveCall.path, ok({ doc: contentDoc }));
    server.reply(visitCountCall.path, ok({ counted: true }));
    await show(`/share/${ID}`);
    // jsdom has no WebGL: the element says so instead of leaving a blank page.
    expect((await screen.findByRole("alert")).textContent).toContain("This browser cannot show 3D content");
    await waitFor(() => expect(screen.getByTestId("share-viewer").dataset.state).toBe("failed"));
  });

  it.each([
    ["en", "Shared by jane.kim"],
    ["ko", "공유한 사람 jane.kim"],
  ] as const)("%s: names the content and who shared it above the viewer", async (language, byline) => {
    server.reply(shareLinkResolveCall.path, ok({ doc: contentDoc }));
    server.reply(visitCountCall.path, ok({ counted: true }));
    await show(`/share/${ID}`, language);
    expect(await screen.findByRole("heading", { level: 1, name: "Red Fox" })).toBeTruthy();
    const header = screen.getByTestId("share-header");
    expect(screen.getByTestId("share-publisher").textContent).toBe(byline);
    // The bar comes before the viewer, not over it.
    expect(
      header.compareDocumentPosition(screen.getByRole("alert")) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // No channel yet: the name is text, not a link.
    expect(screen.queryByRole("link", { name: "jane.kim" })).toBeNull();
  });

  it("links the publisher's name to its page once it has one (a channel)", async () => {
    const withChannel = { ...contentDoc, publisher: { ...PUBLISHER, name: "Acme", href: "/Channel/ch_1" } };
    server.reply(shareLinkResolveCall.path, ok({ doc: withChannel }));
    server.reply(visitCountCall.path, ok({ counted: true }));
    await show(`/share/${ID}`);
    const link = await screen.findByRole("link", { name: "Acme" });
    expect(link.getAttribute("href")).toBe("/Channel/ch_1");
  });
});
