import { useTranslation } from "react-i18next";
import { QnaBoard } from "../components/QnaBoard";

/** `/qnalist`: the Q&A board's questions and notices. */
export default function QnaListPage() {
  const { t } = useTranslation("qna");
  return <QnaBoard title={t("list.pageTitle")} lead={t("list.lead")} />;
}
