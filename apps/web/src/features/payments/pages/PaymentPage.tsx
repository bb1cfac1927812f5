/**
 * `/payment/:id`: one payment of the owner. Waiting (manual): the transfer details and the
 * reference to write in the memo; paid: the receipt. The owner's plan info is reloaded once paid.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { formatForLanguage, formatPrice, paymentDetailCall, type TPaymentDoc } from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { api } from "../../../api";
import { useClientConfig } from "../../../api/client-config";
import { RequireSignIn } from "../../accounts/components/RequireSignIn";
import { useUserInfo } from "../../accounts/user-store";

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}

function Payment() {
  const { t, i18n } = useTranslation("plans");
  const lang = i18n.language.startsWith("ko") ? "ko" : "en";
  const { id = "" } = useParams();
  const supportEmail = useClientConfig((s) => s.config?.support.email ?? "");
  const [doc, setDoc] = useState<TPaymentDoc | null>(null);
  const [isFailed, setIsFailed] = useState(false);
  const reloadUser = useUserInfo((s) => s.load);

  const load = useCallback(async () => {
    const res = await api(paymentDetailCall, { payment_id: id });
    if (!res.status) {
      setIsFailed(true);
      return;
    }
    setDoc(res.data.doc);
    if (res.data.doc.status === "paid") void reloadUser();
  }, [id, reloadUser]);

  useEffect(() => {
    void load();
  }, [load]);

  if (isFailed) return <Alert color="red">{t("payment.notFound")}</Alert>;
  if (!doc) return <Loader />;
  const money = formatPrice(doc.amount, doc.currency, lang);
  const day = (iso: string | null) => (iso ? formatForLanguage(iso, lang, undefined, "date") : "—");
  const isPaid = doc.status === "paid";
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {isPaid
            ? t("payment.receiptTitle")
            : doc.status === "pending"
              ? t("payment.waitingTitle")
              : t("payment.title")}
        </Title>
        <Badge size="lg" color={isPaid ? "teal" : doc.status === "pending" ? "yellow" : "gray"}>
          {t(`status.${doc.status}`)}
        </Badge>
      </Group>
      {doc.status === "pending" && doc.provider === "manual" ? (
        <Alert color="yellow" title={t("payment.waitingLead")}>
          {doc.transfer ? (
            <Stack gap={4} data-testid="transfer-details">
              <Text size="sm">{t("payment.transferHelp")}</Text>
              <Text fw={700}>
                {doc.transfer.bank} {doc.transfer.account}
              </Text>
              <Text size="sm">{t("payment.holder", { name: doc.transfer.holder })}</Text>
              <Text size="sm">{t("payment.reference", { reference: doc.transfer.reference })}</Text>
            </Stack>
          ) : (
            <Text size="sm">{t("payment.invoiceByMail", { email: supportEmail })}</Text>
          )}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Table>
          <Table.Tbody>
            <Row
              label={t("payment.plan")}
              value={`${t(`plans.${doc.plan}.name`)} · ${doc.period === "month" ? t("period.month") : t("period.year")}`}
            />
            <Row label={t("payment.amount")} value={money} />
            <Row label={t("payment.id")} value={doc.payment_id} />
            <Row label={t("payment.created")} value={formatForLanguage(doc.created_at, lang)} />
            {isPaid ? (
              <Row
                label={t("payment.paidAt")}
                value={formatForLanguage(doc.paid_at ?? doc.created_at, lang)}
              />
            ) : null}
            {isPaid ? <Row label={t("payment.until")} value={day(doc.period_end)} /> : null}
            <Row label={t("payment.autoRenew")} value={doc.auto_renew ? t("payment.yes") : t("payment.no")} />
            {doc.note ? <Row label={t("payment.note")} value={doc.note} /> : null}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group>
        {doc.status === "pending" ? (
          <Button variant="light" onClick={() => void load()}>
            {t("payment.refresh")}
          </Button>
        ) : null}
        <Anchor component={Link} to="/Studio/user/account">
          {t("payment.toAccount")}
        </Anchor>
      </Group>
    </Stack>
  );
}

/** The payment / receipt page (signed-in owners). */
export default function PaymentPage() {
  return (
    <RequireSignIn>
      <Container size="sm" py="xl">
        <Payment />
      </Container>
    </RequireSignIn>
  );
}
