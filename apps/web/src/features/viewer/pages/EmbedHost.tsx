import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import "../../../embed/embed.css";
import { startEmbed, type TEmbedHandle } from "../../../embed/embed";
import { toEmbedLang } from "../../../embed/lang";

/** Props of {@link EmbedHost}. */
export interface EmbedHostProps {
  /** The page's name until a content has a title, already translated. */
  heading?: string;
  /** The embed's layout (default `frame`); `page` is `/share/<id>`. */
  layout?: "frame" | "page";
  /** The link to show as `?id=` (default: the address's own query). */
  search?: string;
}

/**
 * The plain-DOM embed (`src/embed`) inside React, full window: the same code `/embed` runs,
 * started on the address's `id` (and `#k=` key), following the app's language.
 */
export function EmbedHost({ heading, layout = "frame", search: ownSearch }: EmbedHostProps) {
  const host = useRef<HTMLDivElement>(null);
  const handle = useRef<TEmbedHandle | null>(null);
  const { i18n } = useTranslation("viewer");
  const lang = toEmbedLang(i18n.resolvedLanguage ?? i18n.language) ?? "en";
  const langRef = useRef(lang);
  langRef.current = lang;
  const location = useLocation();
  const search = ownSearch ?? location.search;
  const { hash } = location;

  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const started = startEmbed(root, {
      search,
      hash,
      lang: langRef.current,
      ownsDocument: true,
      heading,
      layout,
    });
    handle.current = started;
    return () => {
      started.dispose();
      handle.current = null;
    };
  }, [search, hash, heading, layout]);

  useEffect(() => {
    handle.current?.setLang(lang);
  }, [lang]);

  return <div ref={host} style={{ position: "fixed", inset: 0 }} data-testid="embed-host" />;
}
