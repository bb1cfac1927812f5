/**
 * `/price`'s model production prices (issue 15): by product kind and complexity, in the
 * reader's currency (KRW in Korean, USD otherwise), with the annotations and motion steps
 * included and the turnaround; 'Request production' opens the studio's request form (visitors
 * are asked to sign in first). Operators edit the prices in the console.
 */
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconCube } from "@tabler/icons-react";
import {
  PRODUCTION_COMPLEXITIES,
  PRODUCTION_KINDS,
  productionPricesCall,
  type TProductionPrice,
} from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCall } from "../../../api/use-call";
import { useLanguage } from "../../../i18n/use-messages";
import { useRequireLogin } from "../../../ui/use-require-login";
import { formatMoney } from "./RequestView";

/** The model price section. */
export function ModelPriceSection() {
  const { t } = useTranslation("production");
  const lang = useLanguage();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const { data } = useCall(productionPricesCall, {});
  const prices = data?.prices ?? [];
  const find = (kind: string, complexity: string) =>
    prices.find((p) => p.kind === kind && p.complexity === complexity);
  const money = (p: TProductionPrice) =>
    lang === "ko" ? formatMoney(p.price_krw, "KRW", lang) : formatMoney(p.price_usd, "USD", lang);
  const request = (kind?: string) => {
    const to = `/Studio/user/production?new=1${kind ? `&kind=${kind}` : ""}`;
    if (requireLogin(to)) void navigate(to);
  };
  return (
    <Stack gap="md" id="model-prices" component="section" aria-labelledby="model-prices-title">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4} maw={720}>
          <Group gap="xs">
            <IconCube aria-hidden />
            <Title order={2} id="model-prices-title">
              {t("prices.title")}
            </Title>
          </Group>
          <Text c="dimmed">{t("prices.lead")}</Text>
        </Stack>
        <Button onClick={() => request()} data-testid="request-production">
          {t("prices.request")}
        </Button>
      </Group>
      {prices.length > 0 ? (
        <>
          <Paper withBorder radius="md" visibleFrom="sm" style={{ overflow: "hidden" }}>
            <Table verticalSpacing="sm" horizontalSpacing="md" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("prices.kind")}</Table.Th>
                  {PRODUCTION_COMPLEXITIES.map((c) => (
                    <Table.Th key={c}>{t(`complexity.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {PRODUCTION_KINDS.map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Td>
                      <Text fw={600}>{t(`kind.${kind}`)}</Text>
                      <Button variant="subtle" size="compact-xs" px={0} onClick={() => request(kind)}>
                        {t("prices.requestKind")}
                      </Button>
                    </Table.Td>
                    {PRODUCTION_COMPLEXITIES.map((c) => {
                      const p = find(kind, c);
                      return (
                        <Table.Td key={c}>
                          {p ? (
                            <Stack gap={2}>
                              <Text fw={700}>{t("prices.from", { price: money(p) })}</Text>
                              <Text size="xs" c="dimmed">
                                {t("prices.includes", { annotations: p.annotations, steps: p.motion_steps })}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {t("prices.turnaround", { count: p.turnaround_days })}
                              </Text>
                            </Stack>
                          ) : (
                            "—"
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <SimpleGrid cols={1} hiddenFrom="sm">
            {PRODUCTION_KINDS.map((kind) => (
              <Paper key={kind} withBorder radius="md" p="md">
                <Stack gap="xs">
                  <Text fw={600}>{t(`kind.${kind}`)}</Text>
                  {PRODUCTION_COMPLEXITIES.map((c) => {
                    const p = find(kind, c);
                    return p ? (
                      <Group key={c} justify="space-between" wrap="nowrap" align="flex-start">
                        <Stack gap={0}>
                          <Badge variant="light" color="gray">
                            {t(`complexity.${c}`)}
                          </Badge>
                          <Text size="xs" c="dimmed">
                            {t("prices.includes", { annotations: p.annotations, steps: p.motion_steps })} ·{" "}
                            {t("prices.turnaround", { count: p.turnaround_days })}
                          </Text>
                        </Stack>
                        <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                          {money(p)}
                        </Text>
                      </Group>
                    ) : null;
                  })}
                  <Button variant="light" size="xs" onClick={() => request(kind)}>
                    {t("prices.requestKind")}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t("prices.note")}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
