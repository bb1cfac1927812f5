/** Console › Catalogue: the price of each plan per period and currency; saved with a reason, audited. */
import { Button, NumberInput, Paper, Stack, Table, Text } from "@mantine/core";
import {
  adminCatalogueUpdateCall,
  CURRENCY_MINOR,
  planCatalogueCall,
  type TCatalogueLine,
} from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction } from "../../../ui/console/admin-hooks";
import { ReasonField } from "../../../ui/console/ReasonField";

const keyOf = (l: Pick<TCatalogueLine, "plan" | "period" | "currency">) =>
  `${l.plan}/${l.period}/${l.currency}`;

/** The console's Catalogue page. */
export default function CatalogueAdmin() {
  const { t } = useTranslation("plans");
  const { t: tAdmin } = useTranslation("admin");
  const catalogue = useCall(planCatalogueCall, {});
  const action = useAdminAction();
  const [edits, setEdits] = useState<Record<string, number>>({});
  const [reason, setReason] = useState("");
  const lines = catalogue.data?.docs ?? [];

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      action.setErrors({ reason: tAdmin("reason.required") });
      return;
    }
    const changed = lines
      .filter((l) => edits[keyOf(l)] !== undefined && edits[keyOf(l)] !== l.amount)
      .map((l) => ({ ...l, amount: edits[keyOf(l)] ?? l.amount }));
    if (changed.length === 0) return;
    const done = await action.run(adminCatalogueUpdateCall, { lines: changed, reason });
    if (done) {
      setReason("");
      setEdits({});
      catalogue.reload();
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("console.catalogueHelp")}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Paper withBorder radius="md" p="sm" style={{ overflowX: "auto" }}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("payment.plan")}</Table.Th>
                  <Table.Th>{t("console.period")}</Table.Th>
                  <Table.Th>{t("console.currency")}</Table.Th>
                  <Table.Th>{t("payment.amount")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => {
                  const minor = CURRENCY_MINOR[line.currency];
                  const value = (edits[keyOf(line)] ?? line.amount) / minor;
                  return (
                    <Table.Tr key={keyOf(line)}>
                      <Table.Td>{t(`plans.${line.plan}.name`)}</Table.Td>
                      <Table.Td>{line.period === "month" ? t("period.month") : t("period.year")}</Table.Td>
                      <Table.Td>{line.currency}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`${line.plan} ${line.period} ${line.currency}`}
                          value={value}
                          min={0.01}
                          decimalScale={line.currency === "KRW" ? 0 : 2}
                          thousandSeparator=","
                          onChange={(v) =>
                            setEdits((old) => ({ ...old, [keyOf(line)]: Math.round(Number(v) * minor) }))
                          }
                          w={180}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Button type="submit" w="fit-content" loading={action.isBusy}>
            {t("console.save")}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
