import { useTranslation } from "react-i18next";
import { ViewerFrame } from "../components/ViewerFrame";
import { ViewerMessage } from "../components/ViewerMessage";

/** `/embedReactTest`: a page that will host the embedded viewer inside React, for testing. */
export default function EmbedReactTestPage() {
  const { t } = useTranslation("viewer");
  return (
    <ViewerFrame label={t("viewerLabel")} toolbarLabel={t("toolbarLabel")} brand={t("embed.brand")}>
      <ViewerMessage
        documentTitle={`${t("embedTest.pageTitle")} · ${t("embed.brand")}`}
        title={t("embedTest.title")}
        text={t("embedTest.text")}
      />
    </ViewerFrame>
  );
}
