import { useParams } from "react-router";
import { EmbedHost } from "./EmbedHost";

/**
 * `/share/:id` inside the app. The server answers `/share/<id>` with `embed.html` (the embed's
 * framework-free path, laid out as a page by `src/embed/main.ts`, issue 17); this route only
 * runs when the app itself is at `/share/<id>` (the dev server, or a client-side navigation),
 * and runs the same code.
 */
export default function SharePage() {
  const { id = "" } = useParams();
  return <EmbedHost layout="page" search={`?${new URLSearchParams({ id }).toString()}`} />;
}
