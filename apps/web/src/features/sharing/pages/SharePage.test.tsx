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

const contentDoc: TSharedDoc = {
  kind: "content",
  sharelink_url: ID,
  branding: BRANDING,
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
    server.reply(shareLinkUnlockCall.path, ok({ unlocked: true }));
    server.reply(shareLinkResolveCall.path, ok({ doc: contentDoc }));
    server.reply(visitCountCall.path, ok({ counted: true }));
    await show(`/share/${ID}`);
    const input = await screen.findByTestId("share-password-input");
    expect(document.activeElement).toBe(input);
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("Please enter the password.")).toBeTruthy();
    expect(paths()).toEqual([shareLinkResolveCall.path]);
    await userEvent.type(input, "wrong-one{Enter}");
    expect(await screen.findByText("The password is not correct.")).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, "right-one{Enter}");
    await waitFor(() => expect(document.title).toBe("Red Fox · Vitrine"));
    expect(screen.getByTestId("share-viewer")).toBeTruthy();
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
});
