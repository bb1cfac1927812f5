import { cleanup, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../stores/session";
import { renderPage } from "../test/test-render";

afterEach(() => {
  cleanup();
  useSession.setState({ accessToken: null });
});

type TPage = { default: ComponentType };

/** Every page this feature set owns, with a URL it is shown at and what the visitor must read. */
const PAGES: {
  name: string;
  url: string;
  path?: string;
  load: () => Promise<TPage>;
  title: string;
  /** Shown only to a signed-in user. */
  isSignedIn?: boolean;
}[] = [
  {
    name: "home",
    url: "/",
    load: () => import("../features/marketing/pages/HomePage"),
    title: "Show your products in 3D",
  },
  {
    name: "login",
    url: "/login",
    load: () => import("../features/accounts/pages/LoginPage"),
    title: "Sign in",
  },
  {
    name: "register",
    url: "/register",
    load: () => import("../features/accounts/pages/RegisterPage"),
    title: "Sign up",
  },
  {
    name: "forgot",
    url: "/forgotpass",
    load: () => import("../features/accounts/pages/ForgotPasswordPage"),
    title: "Forgot password",
  },
  {
    name: "reset",
    url: "/passwd/reset/t0k",
    path: "/passwd/reset/:token",
    load: () => import("../features/accounts/pages/ResetPasswordPage"),
    title: "Set a new password",
  },
  {
    name: "terms",
    url: "/user_terms",
    load: () => import("../features/accounts/pages/TermsPage"),
    title: "Terms of use",
  },
  {
    name: "terms detail",
    url: "/terms_detail",
    load: () => import("../features/accounts/pages/TermsDetailPage"),
    title: "Terms details",
  },
  {
    name: "price",
    url: "/price",
    load: () => import("./pages/PricePage"),
    title: "Plans and pricing",
  },
  {
    name: "reference",
    url: "/Reference",
    load: () => import("../features/channels/pages/ReferencePage"),
    title: "Use cases",
  },
  {
    name: "showcase",
    url: "/ShowCase/",
    load: () => import("../features/channels/pages/ShowCasePage"),
    title: "Showcase",
  },
  {
    name: "channel",
    url: "/Channel/ch-1",
    path: "/Channel/:id",
    load: () => import("../features/channels/pages/ChannelPage"),
    title: "Business channel",
  },
  {
    name: "showroom",
    url: "/ShowRoom",
    load: () => import("../features/exhibition/pages/ShowRoomPage"),
    title: "Virtual showroom",
  },
  {
    name: "studio",
    url: "/Studio/user/",
    path: "/Studio/user/*",
    load: () => import("./studio/StudioPage"),
    title: "Contents",
    isSignedIn: true,
  },
  {
    name: "share",
    url: "/share/abc",
    path: "/share/:id",
    load: () => import("../features/viewer/pages/SharePage"),
    // "abc" cannot be a link's name: the page says so without asking the server.
    title: "Link not found",
  },
  {
    name: "embed",
    url: "/embed?id=abc",
    load: () => import("../features/viewer/pages/EmbedPage"),
    title: "Embedded 3D content",
  },
  {
    name: "embed test",
    url: "/embedReactTest",
    load: () => import("../features/viewer/pages/EmbedReactTestPage"),
    title: "Embed test page",
  },
  {
    name: "Q&A list",
    url: "/qnalist",
    load: () => import("../features/qna/pages/QnaListPage"),
    title: "Q&A",
  },
  {
    name: "Q&A write",
    url: "/qnawrite",
    load: () => import("../features/qna/pages/QnaWritePage"),
    title: "Ask a question",
  },
  {
    name: "Q&A detail",
    url: "/qnacontentdetails",
    load: () => import("../features/qna/pages/QnaDetailPage"),
    title: "Question",
  },
  {
    name: "Q&A latest",
    url: "/qnanewlist",
    load: () => import("../features/qna/pages/QnaNewListPage"),
    title: "Latest posts",
  },
  {
    name: "feed",
    url: "/anything/else",
    load: () => import("../features/channels/pages/FeedPage"),
    title: "Discover",
  },
];

describe("every page", { timeout: 30_000 }, () => {
  for (const page of PAGES) {
    it(`${page.name}: has exactly one h1 and names the tab`, async () => {
      const { default: Page } = await page.load();
      if (page.isSignedIn) useSession.setState({ accessToken: "test-token" });
      await renderPage(<Page />, { url: page.url, path: page.path });
      const h1s = screen.getAllByRole("heading", { level: 1 });
      expect(h1s).toHaveLength(1);
      expect(document.title).not.toBe("");
      if (page.name !== "home") expect(h1s[0]?.textContent).toBe(page.title);
      else expect(document.title).toContain(page.title);
    });
  }
});
