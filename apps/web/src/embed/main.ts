/** Entry of `embed.html` (`/embed`): the plain-DOM embed, full frame. */
import "./page.css";
import "./embed.css";
import { createPageTiming, RELAY_URL } from "../app/page-timing";
import { createEmbedCall } from "./api";
import { startEmbed } from "./embed";
import { detectEmbedLang, langSourcesOf } from "./lang";

const root = document.getElementById("root");
if (root) {
  const call = createEmbedCall();
  // Page timing (SPEC §4) as on the site; rows name the content once the link resolves.
  const timing = createPageTiming({ getEnvelope: call.envelope, getUserId: () => null, relayUrl: RELAY_URL });
  timing.install();
  timing.enter(location.pathname, { awaitsContent: true });
  startEmbed(root, {
    search: location.search,
    hash: location.hash,
    lang: detectEmbedLang(langSourcesOf(window, location.search)),
    ownsDocument: true,
    call,
    onContent: (content) => timing.setContent(content),
  });
}
