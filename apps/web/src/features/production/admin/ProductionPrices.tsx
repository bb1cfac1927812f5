/** Console › Production: the model price table. */
import { Button, Group, NumberInput, Paper, Stack, Table, Text } from "@mantine/core";
import {
  PRODUCTION_COMPLEXITIES,
  PRODUCTION_KINDS,
  productionPricesCall,
  productionPricesUpdateCall,
  type TProductionPrice,
} from "@vitrine/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useAdminAction } from "../../../ui/console/admin-hooks";

/** The model price table, edited in place and saved at once. */
export function ProductionPrices() {
  const { t } = useTranslation("production");
  const action = useAdminAction();
  const { data } = useCall(productionPricesCall, {});
  const [rows, setRows] = useState<TProductionPrice[]>([]);
  useEffect(() => {
    if (data) setRows(data.prices);
  }, [data]);
  const edit = (i: number, patch: Partial<TProductionPrice>) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const num = (v: string | number) => (typeof v === "number" ? v : Number(v) || 0);
  const save = async () => {
    const done = await action.run(productionPricesUpdateCall, { prices: rows });
    if (done) setRows(done.prices);
  };
  const order = (p: TProductionPrice) =>
    PRODUCTION_KINDS.indexOf(p.kind) * 10 + PRODUCTION_COMPLEXITIES.indexOf(p.complexity);
  return (
    <Stack gap="sm">
      <Text c="dimmed">{t("admin.pricesIntro")}</Text>
      <Paper withBorder style={{ overflowX: "auto" }}>
        <Table miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("prices.kind")}</Table.Th>
              <Table.Th>KRW</Table.Th>
              <Table.Th>USD</Table.Th>
              <Table.Th>{t("admin.annotations")}</Table.Th>
              <Table.Th>{t("admin.steps")}</Table.Th>
              <Table.Th>{t("admin.days")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...rows]
              .sort((a, b) => order(a) - order(b))
              .map((r) => {
                const i = rows.indexOf(r);
                return (
                  <Table.Tr key={`${r.kind}-${r.complexity}`}>
                    <Table.Td>
                      {t(`kind.${r.kind}`)} · {t(`complexity.${r.complexity}`)}
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        value={r.price_krw}
                        onChange={(v) => edit(i, { price_krw: num(v) })}
                        thousandSeparator=","
                        aria-label={`KRW ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        value={r.price_usd}
                        onChange={(v) => edit(i, { price_usd: num(v) })}
                        aria-label={`USD ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={100}
                        value={r.annotations}
                        onChange={(v) => edit(i, { annotations: num(v) })}
                        aria-label={`${t("admin.annotations")} ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={0}
                        max={100}
                        value={r.motion_steps}
                        onChange={(v) => edit(i, { motion_steps: num(v) })}
                        aria-label={`${t("admin.steps")} ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        min={1}
                        max={365}
                        value={r.turnaround_days}
                        onChange={(v) => edit(i, { turnaround_days: Math.max(1, num(v)) })}
                        aria-label={`${t("admin.days")} ${r.kind} ${r.complexity}`}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={action.isBusy} disabled={rows.length === 0}>
          {t("admin.savePrices")}
        </Button>
      </Group>
    </Stack>
  );
}
