/** The link preview (Open Graph) of a channel page, `/Channel/:id`. */
import type { TPageMeta } from "../../platform/http/web";
import type { TChannelPreview } from "./public";

/** Longest preview description. */
const DESCRIPTION_MAX = 200;

/** The preview facts of a channel page, absolute from `publicUrl`. */
export function channelPageMeta(publicUrl: string, preview: TChannelPreview): TPageMeta {
  const intro = preview.intro.replace(/\s+/g, " ").trim();
  const description =
    intro === ""
      ? `${preview.name}: a business channel on Vitrine`
      : Array.from(intro).length > DESCRIPTION_MAX
        ? `${Array.from(intro)
            .slice(0, DESCRIPTION_MAX - 1)
            .join("")}…`
        : intro;
  return {
    title: preview.name,
    description,
    image: preview.imageUrl ? `${publicUrl}${preview.imageUrl}` : null,
    url: `${publicUrl}/Channel/${encodeURIComponent(preview.id)}`,
    oembedUrl: null,
  };
}
