/**
 * Entry of `embed.html`, which the server sends for `/embed` (the plain-DOM embed, full frame) and
 * for `/share/<id>` (the visitor's page of a shared link: the same path with the page's bar,
 * issue 17). One entry for both keeps a visit to either at one small script before the engine.
 */
import "./page.css";
import "./embed.css";
import { startEmbed } from "./embed";
import { detectEmbedLang, langSourcesOf } from "./lang";
import { shareIdOfPath } from "./share-path";

const root = document.getElementById("root");
if (root) {
  const isSharePage = location.pathname.startsWith("/share/");
  startEmbed(root, {
    search: isSharePage
      ? `?${new URLSearchParams({ id: shareIdOfPath(location.pathname) }).toString()}`
      : location.search,
    hash: location.hash,
    lang: detectEmbedLang(langSourcesOf(window, location.search)),
    ownsDocument: true,
    layout: isSharePage ? "page" : "frame",
    loadTracking: () => import("./track"),
  });
}
