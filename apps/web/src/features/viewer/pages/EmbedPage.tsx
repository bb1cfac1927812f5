import { useTranslation } from "react-i18next";
import { ViewerFrame } from "../components/ViewerFrame";
import { ViewerMessage } from "../components/ViewerMessage";

/**
 * `/embed?id=<sharelink_url>`: the only page other sites may frame. Plain React and a CSS module
 * (no Mantine) so it can become a small bundle of its own; embedded viewing is not open yet.
 */
export default function EmbedPage() {
  const { t } = useTranslation("viewer");
  return (
    <ViewerFrame label={t("viewerLabel")} toolbarLabel={t("toolbarLabel")} brand={t("embed.brand")}>
      <ViewerMessage
        documentTitle={`${t("embed.pageTitle")} · ${t("embed.brand")}`}
        title={t("embed.title")}
        text={t("embed.text")}
      />
    </ViewerFrame>
  );
}
