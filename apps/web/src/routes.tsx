/**
 * The route table (SPEC §2). Pages load lazily, each import wrapped with the 120 s chunk
 * timeout; a failed chunk reaches the error element, which reloads the page.
 * Matching is case-insensitive, so `/showroom` finds `/ShowRoom`.
 */
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./app/AppLayout";
import NotFoundPage from "./app/errors/NotFoundPage";
import RouteErrorPage from "./app/errors/RouteErrorPage";
import ServerErrorPage from "./app/errors/ServerErrorPage";
import { RootShell } from "./app/RootShell";
import { withChunkTimeout } from "./lib/chunk-reload";
import { FullPageLoader } from "./ui/FullPageLoader";

type TPageModule = { default: ComponentType };

/** Turns a page import into a route's `lazy`, with the chunk timeout. */
function page(load: () => Promise<TPageModule>): RouteObject["lazy"] {
  const timed = withChunkTimeout(load);
  return async () => ({ Component: (await timed()).default });
}

/** Pages inside the public header and footer. */
const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import("./features/marketing/pages/HomePage")) },
  { path: "login", lazy: page(() => import("./features/accounts/pages/LoginPage")) },
  { path: "register", lazy: page(() => import("./features/accounts/pages/RegisterPage")) },
  { path: "forgotpass", lazy: page(() => import("./features/accounts/pages/ForgotPasswordPage")) },
  { path: "passwd/reset/:token", lazy: page(() => import("./features/accounts/pages/ResetPasswordPage")) },
  { path: "user_terms", lazy: page(() => import("./features/accounts/pages/TermsPage")) },
  { path: "terms_detail", lazy: page(() => import("./features/accounts/pages/TermsDetailPage")) },
  { path: "price", lazy: page(() => import("./app/pages/PricePage")) },
  { path: "checkout", lazy: page(() => import("./features/payments/pages/CheckoutPage")) },
  { path: "payment/:id", lazy: page(() => import("./features/payments/pages/PaymentPage")) },
  { path: "Reference", lazy: page(() => import("./features/channels/pages/ReferencePage")) },
  { path: "ShowCase", lazy: page(() => import("./features/channels/pages/ShowCasePage")) },
  { path: "Channel/:id", lazy: page(() => import("./features/channels/pages/ChannelPage")) },
  { path: "ShowRoom", lazy: page(() => import("./features/exhibition/pages/ShowRoomPage")) },
  { path: "ShowRoom/:exhibitionId", lazy: page(() => import("./features/exhibition/pages/ExhibitionPage")) },
  {
    path: "ShowRoom/:exhibitionId/booth/:boothId",
    lazy: page(() => import("./features/exhibition/pages/BoothPage")),
  },
  { path: "business-connect", lazy: page(() => import("./features/matching/pages/ConnectPage")) },
  {
    path: "business-connect/not-interested",
    lazy: page(() => import("./features/matching/pages/NotInterestedPage")),
  },
  { path: "qnalist", lazy: page(() => import("./features/qna/pages/QnaListPage")) },
  { path: "qnawrite", lazy: page(() => import("./features/qna/pages/QnaWritePage")) },
  { path: "qnacontentdetails", lazy: page(() => import("./features/qna/pages/QnaDetailPage")) },
  { path: "qnanewlist", lazy: page(() => import("./features/qna/pages/QnaNewListPage")) },
  { path: "404", Component: NotFoundPage },
  { path: "500", Component: ServerErrorPage },
  { path: "*", lazy: page(() => import("./features/channels/pages/FeedPage")) },
];

/** Pages that bring their own layout (studio, shared content, embeds). */
const standaloneRoutes: RouteObject[] = [
  { path: "Studio/user/*", lazy: page(() => import("./app/studio/StudioPage")) },
  { path: "Studio/admin/*", lazy: page(() => import("./app/console/AdminPage")) },
  { path: "share/:id", lazy: page(() => import("./features/viewer/pages/SharePage")) },
  {
    path: "Channel/:id/content/:contentId",
    lazy: page(() => import("./features/channels/pages/ChannelContentPage")),
  },
  { path: "embed", lazy: page(() => import("./features/viewer/pages/EmbedPage")) },
  { path: "embedReactTest", lazy: page(() => import("./features/viewer/pages/EmbedReactTestPage")) },
  { path: "hallTest", lazy: page(() => import("./features/exhibition/hall/HallTestPage")) },
];

/** The route objects (exported for tests). */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootShell,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      ...standaloneRoutes.map((route) => ({ ...route, errorElement: <RouteErrorPage /> })),
      { Component: AppLayout, errorElement: <RouteErrorPage />, children: publicRoutes },
    ],
  },
];

/** The app's router. */
export const router = createBrowserRouter(routes);
