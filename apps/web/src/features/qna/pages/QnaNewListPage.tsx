import { useTranslation } from "react-i18next";
import { QnaBoard } from "../components/QnaBoard";

/** `/qnanewlist`: the board's latest posts; the board is not open yet. */
export default function QnaNewListPage() {
  const { t } = useTranslation("qna");
  return <QnaBoard title={t("newList.pageTitle")} lead={t("newList.lead")} />;
}
