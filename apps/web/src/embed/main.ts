/** Entry of `embed.html` (`/embed`): the plain-DOM embed, full frame. */
import "./page.css";
import "./embed.css";
import { startEmbed } from "./embed";
import { detectEmbedLang, langSourcesOf } from "./lang";

const root = document.getElementById("root");
if (root) {
  // No page timing here yet: with it the visit is 192.1 kB against the 190 kB budget (issue 9,
  // item 19 left open for /embed; `createPageTiming` in app/page-timing.ts has no zod, ready for it).
  startEmbed(root, {
    search: location.search,
    hash: location.hash,
    lang: detectEmbedLang(langSourcesOf(window, location.search)),
    ownsDocument: true,
  });
}
