/** Entry of `embed.html` (`/embed`): the plain-DOM embed, full frame. */
import "./page.css";
import "./embed.css";
import { startEmbed } from "./embed";
import { detectEmbedLang, langSourcesOf } from "./lang";

const root = document.getElementById("root");
if (root) {
  startEmbed(root, {
    search: location.search,
    hash: location.hash,
    lang: detectEmbedLang(langSourcesOf(window, location.search)),
    ownsDocument: true,
    loadTracking: () => import("./track"),
  });
}
