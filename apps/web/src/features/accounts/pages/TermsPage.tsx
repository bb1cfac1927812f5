import { Anchor, Divider } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TermsDocumentView } from "../components/TermsDocumentView";
import { TermsFrame } from "../components/TermsFrame";

/** `/user_terms`: the terms of use, versioned, with a link to the consent items in full. */
export default function TermsPage() {
  const { t } = useTranslation("accounts");
  return (
    <TermsFrame title={t("terms.pageTitle")} lead={t("terms.lead")}>
      <TermsDocumentView id="terms" doc={t("terms.documents.terms", { returnObjects: true })} />
      <Divider />
      <Anchor component={Link} to="/terms_detail" fw={600}>
        {t("terms.seeDetails")}
      </Anchor>
    </TermsFrame>
  );
}
