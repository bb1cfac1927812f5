/**
 * `/payment/:id`: one payment of the owner. Waiting (manual): the transfer details and the
 * reference to write in the memo; paid: the receipt. The owner's plan info is reloaded once paid.
 * It is also where a card provider sends the payer back: Toss with `authKey` and `customerKey`
 * (or `failed`, `code`, `message`), Stripe with nothing; the page asks the server to finish the
 * payment (`request_payment_return`), drops the query and shows the result.
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
import {
  formatForLanguage,
  formatPrice,
  paymentDetailCall,
  paymentReturnCall,
  type TPaymentDoc,
} from "@vitrine/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { api } from "../../../api";
import { useClientConfig } from "../../../api/client-config";
import { codeKeyOf } from "../../../api/result-message";
import { useUserInfo } from "../../../stores/user-info";
import { RequireSignIn } from "../../../ui/RequireSignIn";

// One return per payment and key, even if the page mounts twice (a language still loading).
const returns = new Map<string, ReturnType<typeof returnCall>>();
function returnCall(input: { payment_id: string; auth_key?: string; customer_key?: string }) {
  return api(paymentReturnCall, input);
}
function returnOnce(input: { payment_id: string; auth_key?: string; customer_key?: string }) {
  const key = `${input.payment_id} ${input.auth_key ?? ""}`;
  const found = returns.get(key);
  if (found) return found;
  const started = returnCall(input).finally(() => {
    if (!input.auth_key) returns.delete(key);
  });
  returns.set(key, started);
  return started;
}

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
  const { t: tCodes } = useTranslation("codes");
  const lang = i18n.language.startsWith("ko") ? "ko" : "en";
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // What the provider's page said when it sent the payer back (read once, then dropped).
  const [back] = useState(() => ({
    authKey: params.get("authKey") ?? undefined,
    customerKey: params.get("customerKey") ?? undefined,
    // Toss adds `code` and `message` to the fail URL (however it joins them to `?failed=1`).
    cardFailed: params.has("failed") || (params.has("code") && !params.has("authKey")),
    providerMessage: params.get("message"),
  }));
  const [returnError, setReturnError] = useState<string | null>(null);
  const hasReturned = useRef(false);
  const supportEmail = useClientConfig((s) => s.config?.support.email ?? "");
  const [doc, setDoc] = useState<TPaymentDoc | null>(null);
  const [isFailed, setIsFailed] = useState(false);
  const reloadUser = useUserInfo((s) => s.load);

  const show = useCallback(
    (next: TPaymentDoc) => {
      setDoc(next);
      if (next.status === "paid") void reloadUser();
    },
    [reloadUser],
  );

  /** Asks the server to finish a card payment still waiting (Toss: with the window's keys). */
  const finish = useCallback(
    async (keys: { auth_key?: string; customer_key?: string }) => {
      const res = await returnOnce({ payment_id: id, ...keys });
      if (!res.status) {
        setReturnError(tCodes(codeKeyOf(res)));
        return false;
      }
      show(res.data.doc);
      return true;
    },
    [id, show, tCodes],
  );

  const load = useCallback(async () => {
    const res = await api(paymentDetailCall, { payment_id: id });
    if (!res.status) {
      setIsFailed(true);
      return;
    }
    const found = res.data.doc;
    if (found.status === "pending" && found.provider === "stripe") {
      if (await finish({})) return;
    }
    show(found);
  }, [id, finish, show]);

  useEffect(() => {
    if (hasReturned.current) return;
    hasReturned.current = true;
    if (params.size > 0) navigate(`/payment/${id}`, { replace: true });
    if (back.authKey && back.customerKey && !back.cardFailed) {
      void finish({ auth_key: back.authKey, customer_key: back.customerKey }).then((done) => {
        if (!done) void load();
      });
    } else void load();
  }, [back, finish, id, load, navigate, params.size]);

  if (isFailed) return <Alert color="red">{t("payment.notFound")}</Alert>;
  if (!doc) return <Loader />;
  const money = formatPrice(doc.amount, doc.currency, lang);
  const day = (iso: string | null) => (iso ? formatForLanguage(iso, lang, undefined, "date") : "—");
  const isPaid = doc.status === "paid";
  const isCard = doc.provider !== "manual";
  const retry = `/checkout?plan=${doc.plan}&period=${doc.period}&currency=${doc.currency}`;
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {isPaid
            ? t("payment.receiptTitle")
            : doc.status === "pending" && !isCard
              ? t("payment.waitingTitle")
              : t("payment.title")}
        </Title>
        <Badge size="lg" color={isPaid ? "teal" : doc.status === "pending" ? "yellow" : "gray"}>
          {isCard && doc.status === "pending" ? t("payment.cardPending") : t(`status.${doc.status}`)}
        </Badge>
      </Group>
      {returnError ? (
        <Alert color="red" role="alert">
          {returnError}
        </Alert>
      ) : null}
      {isCard && (doc.status === "failed" || (doc.status === "pending" && back.cardFailed)) ? (
        <Alert color="red" role="alert" title={t("payment.cardFailedTitle")} data-testid="card-failed">
          <Stack gap={6}>
            <Text size="sm">
              {doc.status === "failed" ? t("payment.cardFailed") : t("payment.cardNotFinished")}
            </Text>
            {back.providerMessage ? <Text size="sm">{back.providerMessage}</Text> : null}
            <Anchor component={Link} to={retry}>
              {t("payment.tryAgain")}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {isCard && doc.status === "pending" && !back.cardFailed ? (
        <Alert color="yellow" title={t("payment.cardWaitingTitle")} data-testid="card-waiting">
          <Stack gap={6}>
            <Text size="sm">{t("payment.cardWaiting")}</Text>
            <Anchor component={Link} to={retry}>
              {t("payment.tryAgain")}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
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
            <Row label={t("payment.method")} value={t(`providers.${doc.provider}`)} />
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
