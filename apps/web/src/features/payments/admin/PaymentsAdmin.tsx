/**
 * Console › Payments: payments waiting to be confirmed (manual transfers) with confirm and
 * reject, the history by status, and refunds marked — each with a reason, audited.
 */
import { Badge, Button, Group, Modal, Paper, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import {
  adminPaymentConfirmCall,
  adminPaymentListCall,
  adminPaymentRefundCall,
  adminPaymentRejectCall,
  formatPrice,
  type TAdminPaymentDoc,
  type TPaymentStatus,
} from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction, useAdminTime } from "../../../ui/console/admin-hooks";
import { ReasonField } from "../../../ui/console/ReasonField";

type TDecision = { row: TAdminPaymentDoc; verb: "confirm" | "reject" | "refund" };

function DecisionDialog({
  decision,
  onClose,
  onDone,
}: {
  decision: TDecision;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation("plans");
  const { t: tAdmin } = useTranslation("admin");
  const action = useAdminAction();
  const [reason, setReason] = useState("");
  const { row, verb } = decision;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (verb !== "confirm" && reason.trim() === "") {
      action.setErrors({ reason: tAdmin("reason.required") });
      return;
    }
    const done =
      verb === "confirm"
        ? await action.run(adminPaymentConfirmCall, {
            payment_id: row.payment_id,
            ...(reason.trim() ? { reason } : {}),
          })
        : await action.run(verb === "reject" ? adminPaymentRejectCall : adminPaymentRefundCall, {
            payment_id: row.payment_id,
            reason,
          });
    if (done) onDone();
  };
  return (
    <Modal opened onClose={onClose} title={t(`console.${verb}Title`)} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t(`console.${verb}Help`, {
              email: row.email_id ?? row.user_id,
              amount: formatPrice(row.amount, row.currency),
              plan: t(`plans.${row.plan}.name`),
            })}
          </Text>
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tAdmin("cancel")}
            </Button>
            <Button type="submit" loading={action.isBusy} color={verb === "confirm" ? "teal" : "red"}>
              {t(`console.${verb}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The console's Payments page. */
export default function PaymentsAdmin() {
  const { t } = useTranslation("plans");
  const time = useAdminTime();
  const [status, setStatus] = useState<TPaymentStatus | "all">("pending");
  const list = useCall(adminPaymentListCall, { page: 1, ...(status === "all" ? {} : { status }) });
  const [decision, setDecision] = useState<TDecision | null>(null);
  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(value) => setStatus(value as TPaymentStatus | "all")}
        data={(["pending", "paid", "refunded", "rejected", "all"] as const).map((s) => ({
          value: s,
          label: s === "all" ? t("console.all") : t(`status.${s}`),
        }))}
      />
      <Paper withBorder radius="md" p="sm" style={{ overflowX: "auto" }}>
        {list.data && list.data.docs.length === 0 ? (
          <Text c="dimmed" p="md">
            {t("console.empty")}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("console.when")}</Table.Th>
                <Table.Th>{t("console.account")}</Table.Th>
                <Table.Th>{t("payment.plan")}</Table.Th>
                <Table.Th>{t("payment.amount")}</Table.Th>
                <Table.Th>{t("console.reference")}</Table.Th>
                <Table.Th>{t("console.status")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.docs ?? []).map((row) => (
                <Table.Tr key={row.payment_id} data-testid="payment-row">
                  <Table.Td>{time.when(row.created_at)}</Table.Td>
                  <Table.Td>{row.email_id ?? row.user_id}</Table.Td>
                  <Table.Td>
                    {t(`plans.${row.plan}.name`)} · {t(`kind.${row.kind}`)}
                  </Table.Td>
                  <Table.Td>{formatPrice(row.amount, row.currency)}</Table.Td>
                  <Table.Td>{row.transfer?.reference ?? "—"}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`status.${row.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      {row.status === "pending" ? (
                        <>
                          <Button
                            size="xs"
                            color="teal"
                            onClick={() => setDecision({ row, verb: "confirm" })}
                          >
                            {t("console.confirm")}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setDecision({ row, verb: "reject" })}
                          >
                            {t("console.reject")}
                          </Button>
                        </>
                      ) : null}
                      {row.status === "paid" ? (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setDecision({ row, verb: "refund" })}
                        >
                          {t("console.refund")}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {decision ? (
        <DecisionDialog
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={() => {
            setDecision(null);
            list.reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
