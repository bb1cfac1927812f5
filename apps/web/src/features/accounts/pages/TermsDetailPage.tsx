import { Anchor, Divider, List, Stack, Text } from "@mantine/core";
import { CONSENT_ITEMS } from "@vitrine/contract";
import { Fragment, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { TermsDocumentView } from "../components/TermsDocumentView";
import { TermsFrame } from "../components/TermsFrame";

const DETAIL_ITEMS = CONSENT_ITEMS.filter((item) => item.key !== "terms");

/** `/terms_detail`: every consent item of sign-up in full, each with an anchor (`#privacy`, …). */
export default function TermsDetailPage() {
  const { t } = useTranslation("accounts");
  const { hash } = useLocation();

  // The page loads lazily, after the browser has already tried to scroll to the hash.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <TermsFrame title={t("terms.detailTitle")} lead={t("terms.detailLead")}>
      <Stack gap={6} component="nav" aria-label={t("terms.contents")}>
        <Text fw={700}>{t("terms.contents")}</Text>
        <List size="sm" spacing={4}>
          {DETAIL_ITEMS.map((item) => (
            <List.Item key={item.key}>
              <Anchor href={`#${item.key}`}>{t(`register.consents.${item.key}`)}</Anchor>
            </List.Item>
          ))}
        </List>
      </Stack>
      {DETAIL_ITEMS.map((item) => (
        <Fragment key={item.key}>
          <Divider />
          <TermsDocumentView
            id={item.key}
            doc={t(`terms.documents.${item.key}`, { returnObjects: true })}
            badge={{
              label: item.required ? t("terms.required") : t("terms.optional"),
              isRequired: item.required,
            }}
          />
        </Fragment>
      ))}
      <Divider />
      <Anchor component={Link} to="/user_terms" fw={600}>
        {t("terms.seeTerms")}
      </Anchor>
    </TermsFrame>
  );
}
