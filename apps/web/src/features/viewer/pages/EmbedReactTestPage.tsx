import { useTranslation } from "react-i18next";
import { EmbedHost } from "./EmbedHost";

/**
 * `/embedReactTest?id=<sharelink_url>`: the same embed as `/embed` (same `<vitrine-viewer>`, same
 * calls), but inside the React app with its i18n, as an integrator's React page would host it —
 * to compare both side by side. It may be framed like `/embed`.
 */
export default function EmbedReactTestPage() {
  const { t } = useTranslation("viewer");
  return <EmbedHost heading={t("embedTest.title")} />;
}
