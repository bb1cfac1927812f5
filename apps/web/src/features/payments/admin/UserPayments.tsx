/**
 * Console › Users › one account: its payments, newest first (status, amount, provider, ordered,
 * paid and the period paid for). Decisions stay on the Payments page.
 */
import { Badge, Paper, ScrollArea, Stack, Table, Text, Title } from "@mantine/core";
import { adminPaymentListCall, formatPrice } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminTime } from "../../../ui/console/admin-hooks";

/** The payments of one account. */
export function UserPayments({ userId }: { userId: string }) {
  const { t } = useTranslation("plans");
  const time = useAdminTime();
  const { data, error } = useCall(adminPaymentListCall, { page: 1, user_id: userId });
  const docs = data?.docs ?? [];
  return (
    <Stack gap="sm" data-testid="user-payments">
      <Title order={3} size="h4">
        {t("console.userPayments", { count: data?.total ?? 0 })}
      </Title>
      {error ? <Text c="red">{t("console.userPaymentsFailed")}</Text> : null}
      {data && docs.length === 0 ? <Text c="dimmed">{t("console.userPaymentsNone")}</Text> : null}
      {docs.length > 0 ? (
        <Paper withBorder radius="md">
          <ScrollArea type="auto">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("console.when")}</Table.Th>
                  <Table.Th>{t("payment.plan")}</Table.Th>
                  <Table.Th>{t("payment.amount")}</Table.Th>
                  <Table.Th>{t("payment.method")}</Table.Th>
                  <Table.Th>{t("console.status")}</Table.Th>
                  <Table.Th>{t("payment.paidAt")}</Table.Th>
                  <Table.Th>{t("payment.until")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {docs.map((row) => (
                  <Table.Tr key={row.payment_id} data-testid="user-payment-row">
                    <Table.Td>{time.when(row.created_at)}</Table.Td>
                    <Table.Td>
                      {t(`plans.${row.plan}.name`)} ·{" "}
                      {row.period === "month" ? t("period.month") : t("period.year")}
                    </Table.Td>
                    <Table.Td>{formatPrice(row.amount, row.currency)}</Table.Td>
                    <Table.Td>{t(`providers.${row.provider}`)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`status.${row.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{row.paid_at ? time.when(row.paid_at) : "—"}</Table.Td>
                    <Table.Td>{row.period_end ? time.day(row.period_end) : "—"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Paper>
      ) : null}
    </Stack>
  );
}
