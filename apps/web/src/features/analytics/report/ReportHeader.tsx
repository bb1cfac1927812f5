import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconArrowLeft, IconRefresh } from "@tabler/icons-react";
import type { TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { keyLabel } from "./labels";
import { PERIODS, type TPeriod } from "./period";
import type { TReportControls } from "./use-report-controls";

/** Props of {@link ReportHeader}. */
export interface ReportHeaderProps {
  controls: TReportControls;
  /** The answer shown, if any (its realtime count). */
  data: TReportSummary | null;
  /** A reload is under way while an answer is shown. */
  isReloading: boolean;
  onReload(): void;
}

/** Above the report: the period (and custom days), the realtime count, refresh, the scope and the filter. */
export function ReportHeader({ controls, data, isReloading, onReload }: ReportHeaderProps) {
  const { t } = useTranslation("analytics");
  const { scope, filter } = controls;
  return (
    <Stack gap="sm">
      <Text c="dimmed" maw={720}>
        {t("intro")}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t("period.label")}
            value={controls.period}
            onChange={(v) => controls.setPeriod(v as TPeriod)}
            data={PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
            size="xs"
            data-testid="report-period"
          />
          <Text size="xs" c="dimmed">
            {controls.zone === "Asia/Seoul" ? t("period.zoneSeoul") : t("period.zoneUtc")}
            {controls.range
              ? ` · ${t("period.range", { from: controls.range.from, to: controls.range.to })}`
              : ""}
          </Text>
        </Stack>
        <Group gap="xs">
          {data ? (
            <Badge variant="dot" color="green" size="lg" tt="none" data-testid="report-realtime">
              {t("realtime", { count: data.realtime })}
            </Badge>
          ) : null}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={onReload}
            loading={isReloading}
          >
            {t("refresh")}
          </Button>
        </Group>
      </Group>
      {controls.period === "custom" ? (
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label={t("period.from")}
            value={controls.custom.from}
            max={controls.today}
            onChange={(e) => controls.setCustomFrom(e.currentTarget.value)}
            size="xs"
          />
          <TextInput
            type="date"
            label={t("period.to")}
            value={controls.custom.to}
            max={controls.today}
            onChange={(e) => controls.setCustomTo(e.currentTarget.value)}
            size="xs"
          />
          {controls.range ? null : (
            <Text size="sm" c="red" role="alert">
              {t("period.invalid")}
            </Text>
          )}
        </Group>
      ) : null}
      {scope ? (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="xs"
            px={4}
            leftSection={<IconArrowLeft size={14} />}
            onClick={controls.closeScope}
          >
            {t("content.back")}
          </Button>
          <Title order={2} size="h4" data-testid="report-scope">
            {t("content.title", { name: scope.name || t("unnamed") })}
          </Title>
        </Group>
      ) : null}
      {filter ? (
        <Alert variant="light" color="blue" py={6} data-testid="report-filter">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {t("filter.active", {
                dim: t(`filter.dims.${filter.dim}`),
                value: keyLabel(t, filter.dim, filter.key),
              })}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={controls.clearFilter}>
              {t("filter.clear")}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
