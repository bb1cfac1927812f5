/**
 * The account's plan area: the subscription (status, period end, automatic renewal, a pending
 * downgrade), cancel in one confirmed step, change plan (upgrade now, downgrade at renewal), a
 * payment waiting and the payment history with receipts.
 */
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from "@mantine/core";
import {
  formatForLanguage,
  formatPrice,
  paymentAccountCall,
  paymentCancelCall,
  paymentChangePlanCall,
  type TCallOutput,
} from "@vitrine/contract";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { api } from "../../../api";
import { codeKeyOf } from "../../../api/result-message";
import { useUserInfo } from "../../../stores/user-info";

/** The plan and payments area of the account page. */
export function PlanBilling() {
  const { t, i18n } = useTranslation("plans");
  const { t: tCodes } = useTranslation("codes");
  const lang = i18n.language.startsWith("ko") ? "ko" : "en";
  const navigate = useNavigate();
  const reloadUser = useUserInfo((s) => s.load);
  const [data, setData] = useState<TCallOutput<typeof paymentAccountCall> | null>(null);
  const [isAsking, setIsAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await api(paymentAccountCall, {});
    if (res.status) setData(res.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (!data) return null;
  const sub = data.subscription;
  const day = (iso: string | null) => (iso ? formatForLanguage(iso, lang, undefined, "date") : "—");
  const isRunning = sub !== null && (sub.status === "active" || sub.status === "past_due");
  const other = sub?.plan === "advanced" ? "standard" : "advanced";

  const cancel = async () => {
    const res = await api(paymentCancelCall, {});
    setIsAsking(false);
    setMessage(
      res.status
        ? t("billing.cancelled", { date: day(res.data.subscription.current_period_end) })
        : tCodes(codeKeyOf(res)),
    );
    await load();
    void reloadUser();
  };
  const change = async () => {
    const res = await api(paymentChangePlanCall, { plan: other });
    if (!res.status) {
      setMessage(tCodes(codeKeyOf(res)));
      return;
    }
    if (res.data.doc) navigate(`/payment/${res.data.doc.payment_id}`);
    else {
      setMessage(t("billing.downgradeLater", { date: day(res.data.subscription.current_period_end) }));
      await load();
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="plan-billing">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("billing.title")}
        </Title>
        {sub ? (
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={700}>{t(`plans.${sub.plan}.name`)}</Text>
              <Badge variant="light">{t(`subscription.${sub.status}`)}</Badge>
            </Group>
            <Text size="sm">
              {sub.status === "cancelled" || !sub.auto_renew
                ? t("billing.endsOn", { date: day(sub.current_period_end) })
                : t("billing.renewsOn", { date: day(sub.current_period_end) })}
            </Text>
            {sub.next_plan ? (
              <Text size="sm">
                {t("billing.nextPlan", {
                  plan: t(`plans.${sub.next_plan}.name`),
                  date: day(sub.current_period_end),
                })}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <Text size="sm">
            {t("billing.none")}{" "}
            <Anchor component={Link} to="/price">
              {t("billing.seePlans")}
            </Anchor>
          </Text>
        )}
        {message ? (
          <Text size="sm" role="status">
            {message}
          </Text>
        ) : null}
        {isRunning ? (
          <Group>
            <Button variant="light" onClick={() => void change()}>
              {other === "advanced" ? t("billing.upgrade") : t("billing.downgrade")}
            </Button>
            <Button variant="default" color="red" onClick={() => setIsAsking(true)}>
              {t("billing.cancel")}
            </Button>
          </Group>
        ) : null}
        {data.payments.length > 0 ? (
          <Table>
            <Table.Tbody>
              {data.payments.slice(0, 10).map((p) => (
                <Table.Tr key={p.payment_id}>
                  <Table.Td>{day(p.created_at)}</Table.Td>
                  <Table.Td>{t(`plans.${p.plan}.name`)}</Table.Td>
                  <Table.Td>{formatPrice(p.amount, p.currency, lang)}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/payment/${p.payment_id}`}>
                      {t(`status.${p.status}`)}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
      <Modal opened={isAsking} onClose={() => setIsAsking(false)} title={t("billing.cancelTitle")} centered>
        <Stack gap="sm">
          <Text size="sm">{t("billing.cancelHelp", { date: day(sub?.current_period_end ?? null) })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsAsking(false)}>
              {t("billing.keep")}
            </Button>
            <Button color="red" onClick={() => void cancel()}>
              {t("billing.confirmCancel")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
