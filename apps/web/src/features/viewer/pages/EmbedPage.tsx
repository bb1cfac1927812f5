import { EmbedHost } from "./EmbedHost";

/**
 * `/embed` inside the app. The server answers `/embed` with `embed.html` (its own small bundle,
 * `src/embed/main.ts`); this route only runs when the app itself is at `/embed` (the dev server,
 * or a client-side navigation), and runs the same embed code.
 */
export default function EmbedPage() {
  return <EmbedHost />;
}
