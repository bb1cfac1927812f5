/**
 * The studio's Analytics section (issue 11): the report an owner opens every morning. A period
 * (today, 7, 30, 90 days, custom; days in KST for Korean owners), the headline figures with
 * their change, a daily chart, breakdowns whose rows filter the whole report, the contents,
 * channel and booths by visits (each opens its own report with annotations and motion steps),
 * CSV of every table. Figures the plan hides come back `null` from the server and are shown
 * locked with the way to a plan that has them — never invented here.
 */
import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowLeft, IconChartBar, IconRefresh } from "@tabler/icons-react";
import {
  REPORT_CONTENT_TYPES,
  reportSummaryCall,
  type TCallInput,
  type TCallResult,
  type TReportContentType,
  type TReportSummary,
} from "@vitrine/contract";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../api";
import { useLanguage } from "../../../i18n/use-messages";
import { BREAKDOWNS, durationLabel, keyLabel, type TBreakdownDim } from "./labels";
import { addDays, changeOf, daysBetween, PERIODS, rangeOf, type TPeriod, todayIn, zoneFor } from "./period";
import { BarList, CsvButton, FigureCard, LockedNote, NumberTable, Panel } from "./ReportParts";

type TInput = TCallInput<typeof reportSummaryCall>;
type TFilter = { dim: TBreakdownDim; key: string };
type TScope = { type: TReportContentType; id: string; name: string };

/** The report for `input` (null: not asked), keeping the last answer while the next loads. */
function useReport(input: TInput | null) {
  const [state, setState] = useState<{ data: TReportSummary | null; error: TCallResult<unknown> | null }>({
    data: null,
    error: null,
  });
  const [isLoading, setIsLoading] = useState(input !== null);
  const [round, setRound] = useState(0);
  const key = JSON.stringify(input);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the input; `round` asks again.
  useEffect(() => {
    if (input === null) return;
    let isLive = true;
    setIsLoading(true);
    void api(reportSummaryCall, input).then((res) => {
      if (!isLive) return;
      setIsLoading(false);
      setState((prev) => (res.status ? { data: res.data, error: null } : { data: prev.data, error: res }));
    });
    return () => {
      isLive = false;
    };
  }, [key, round]);
  return { ...state, isLoading, reload: () => setRound((n) => n + 1) };
}

function isReportType(type: string): type is TReportContentType {
  return (REPORT_CONTENT_TYPES as readonly string[]).includes(type);
}

/** The section (lazy: its chart library loads only here). */
export default function AnalyticsSection() {
  const { t } = useTranslation("analytics");
  const lang = useLanguage();
  const zone = zoneFor(lang);
  const today = todayIn(zone);
  const [period, setPeriod] = useState<TPeriod>("d30");
  const [custom, setCustom] = useState({ from: addDays(today, -29), to: today });
  const [filter, setFilter] = useState<TFilter | null>(null);
  const [scope, setScope] = useState<TScope | null>(null);
  const range = rangeOf(period, zone, custom);
  const from = range?.from ?? null;
  const to = range?.to ?? null;
  const input = useMemo<TInput | null>(
    () =>
      from && to
        ? {
            from,
            to,
            zone,
            ...(scope ? { content_id: scope.id, content_type: scope.type } : {}),
            ...(filter ? { filter } : {}),
          }
        : null,
    [from, to, zone, scope, filter],
  );
  const { data, error, isLoading, reload } = useReport(input);
  const days = range ? daysBetween(range.from, range.to) : 0;

  const header = (
    <Stack gap="sm">
      <Text c="dimmed" maw={720}>
        {t("intro")}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <SegmentedControl
            aria-label={t("period.label")}
            value={period}
            onChange={(v) => setPeriod(v as TPeriod)}
            data={PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
            size="xs"
            data-testid="report-period"
          />
          <Text size="xs" c="dimmed">
            {zone === "Asia/Seoul" ? t("period.zoneSeoul") : t("period.zoneUtc")}
            {range ? ` · ${t("period.range", { from: range.from, to: range.to })}` : ""}
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
            onClick={reload}
            loading={isLoading && data !== null}
          >
            {t("refresh")}
          </Button>
        </Group>
      </Group>
      {period === "custom" ? (
        <Group gap="sm" align="flex-end">
          <TextInput
            type="date"
            label={t("period.from")}
            value={custom.from}
            max={today}
            onChange={(e) => setCustom((c) => ({ ...c, from: e.currentTarget.value }))}
            size="xs"
          />
          <TextInput
            type="date"
            label={t("period.to")}
            value={custom.to}
            max={today}
            onChange={(e) => setCustom((c) => ({ ...c, to: e.currentTarget.value }))}
            size="xs"
          />
          {range ? null : (
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
            onClick={() => setScope(null)}
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
            <Button variant="subtle" size="compact-sm" onClick={() => setFilter(null)}>
              {t("filter.clear")}
            </Button>
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );

  if (!data) {
    return (
      <Stack gap="md" data-testid="analytics-report" data-state={error ? "failed" : "loading"}>
        {header}
        {error ? (
          <Alert color="red" variant="light" title={t("failed")}>
            <Button variant="default" size="xs" onClick={reload}>
              {t("retry")}
            </Button>
          </Alert>
        ) : (
          <Stack gap="md" aria-busy aria-label={t("loading")}>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} h={96} radius="md" />
              ))}
            </SimpleGrid>
            <Skeleton h={260} radius="md" />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Skeleton h={180} radius="md" />
              <Skeleton h={180} radius="md" />
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    );
  }

  return (
    <Stack
      gap="md"
      data-testid="analytics-report"
      data-state={isLoading ? "loading" : "ready"}
      style={{ opacity: isLoading ? 0.6 : 1, transition: "opacity 120ms" }}
    >
      {header}
      {error ? (
        <Alert color="red" variant="light">
          {t("failed")}{" "}
          <Anchor component="button" onClick={reload}>
            {t("retry")}
          </Anchor>
        </Alert>
      ) : null}
      <Report
        data={data}
        days={days}
        filter={filter}
        scope={scope}
        onFilter={(next) =>
          setFilter((prev) => (prev?.dim === next.dim && prev.key === next.key ? null : next))
        }
        onScope={(next) => {
          setScope(next);
          setFilter(null);
        }}
      />
    </Stack>
  );
}

/** The report's body for one answer. */
function Report({
  data,
  days,
  filter,
  scope,
  onFilter,
  onScope,
}: {
  data: TReportSummary;
  days: number;
  filter: TFilter | null;
  scope: TScope | null;
  onFilter: (filter: TFilter) => void;
  onScope: (scope: TScope) => void;
}) {
  const { t } = useTranslation("analytics");
  const file = (name: string) => `vitrine-${name}-${data.from}-${data.to}.csv`;
  const changeLine = (now: number | null, before: number | null) => {
    const change = changeOf(now, before);
    return change
      ? days === 1
        ? t(`change.${change.kind}Day`, { percent: change.percent })
        : t(`change.${change.kind}`, { percent: change.percent, count: days })
      : null;
  };
  const count = (n: number | null) => (n === null ? null : n.toLocaleString());
  const isEmpty =
    !filter &&
    !scope &&
    (data.visits ?? 0) === 0 &&
    (data.experiences ?? 0) === 0 &&
    (data.previous.visits ?? 0) === 0 &&
    data.top.length === 0;
  const uniquesLocked = data.locked.includes("unique_visitors");
  const experiencesLocked = data.locked.includes("content_experience");

  const figures = (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <FigureCard
        id="visits"
        label={t("figures.visits")}
        definition={t("definitions.visits")}
        value={count(data.visits)}
        change={changeLine(data.visits, data.previous.visits)}
        planKey="total_visits"
      />
      <FigureCard
        id="experiences"
        label={t("figures.experiences")}
        definition={t("definitions.experiences")}
        value={count(data.experiences)}
        change={changeLine(data.experiences, data.previous.experiences)}
        planKey="content_experience"
      />
      <FigureCard
        id="uniques"
        label={t("figures.uniques")}
        definition={t("definitions.uniques")}
        value={count(data.uniques)}
        change={changeLine(data.uniques, data.previous.uniques)}
        planKey="unique_visitors"
      />
      <FigureCard
        id="avg"
        label={t("figures.avgSeconds")}
        definition={t("definitions.avgSeconds")}
        value={data.avg_seconds === null ? null : durationLabel(t, data.avg_seconds)}
        change={changeLine(data.avg_seconds, data.previous.avg_seconds)}
        planKey="total_visits"
      />
      <FigureCard
        id="experience-time"
        label={t("figures.avgExperienceSeconds")}
        definition={t("definitions.avgExperienceSeconds")}
        value={data.avg_experience_seconds === null ? null : durationLabel(t, data.avg_experience_seconds)}
        change={changeLine(data.avg_experience_seconds, data.previous.avg_experience_seconds)}
        planKey="content_experience"
      />
    </SimpleGrid>
  );

  if (isEmpty) {
    return (
      <>
        {figures}
        <Card withBorder padding="xl" radius="md" data-testid="report-empty">
          <Stack align="center" ta="center" gap="xs">
            <IconChartBar size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Title order={2} size="h4">
              {t("empty.title")}
            </Title>
            <Text c="dimmed" maw={520}>
              {t("empty.text")}
            </Text>
            <Button component={Link} to="/Studio/user/contents" variant="light" mt="xs">
              {t("empty.link")}
            </Button>
          </Stack>
        </Card>
      </>
    );
  }

  const series = [
    data.daily.some((d) => d.visits !== null)
      ? { name: "visits", label: t("columns.visits"), color: "blue.6" }
      : null,
    !experiencesLocked ? { name: "experiences", label: t("columns.experiences"), color: "teal.6" } : null,
    !uniquesLocked ? { name: "uniques", label: t("columns.uniques"), color: "grape.6" } : null,
  ].filter((s): s is { name: string; label: string; color: string } => s !== null);
  const dailyHeader = [t("columns.day"), ...series.map((s) => s.label)];
  const dailyRows = data.daily.map((d) => [
    d.day,
    ...series.map((s) => d[s.name as "visits" | "experiences" | "uniques"] ?? 0),
  ]);

  const typeName = (type: string) => (isReportType(type) ? t(`types.${type}`) : type);
  const thingName = (thing: TReportSummary["top"][number]) => thing.name || t("sealedOrRemoved");
  const topHeader = [
    t("columns.name"),
    t("columns.type"),
    t("columns.visits"),
    t("columns.experiences"),
    t("columns.uniques"),
  ];

  const detailPanel = (id: "annotations" | "motionSteps", rows: TReportSummary["annotations"]) => {
    const header = [t("columns.name"), id === "annotations" ? t("columns.opens") : t("columns.plays")];
    const csvRows = rows.map((r) => [r.name || r.id, r.count]);
    return (
      <Panel
        id={id}
        title={t(`sections.${id}`)}
        definition={t(`definitions.${id}`)}
        actions={<CsvButton table={t(`sections.${id}`)} file={file(id)} header={header} rows={csvRows} />}
      >
        <NumberTable
          caption={t(`sections.${id}`)}
          header={header}
          numeric={[1]}
          rows={rows.map((r) => ({ key: r.id, cells: [r.name || r.id, r.count.toLocaleString()] }))}
        />
      </Panel>
    );
  };

  return (
    <>
      {figures}
      {data.daily.length > 1 ? (
        <Panel
          id="daily"
          title={t("sections.daily")}
          definition={t("definitions.daily")}
          actions={
            <CsvButton
              table={t("sections.daily")}
              file={file("daily")}
              header={dailyHeader}
              rows={dailyRows}
            />
          }
        >
          <BarChart
            h={240}
            data={data.daily.map((d) => ({ ...d, day: d.day.slice(5) }))}
            dataKey="day"
            series={series}
            withLegend
            legendProps={{ verticalAlign: "bottom" }}
            tickLine="y"
            gridAxis="y"
            barProps={{ isAnimationActive: false }}
            aria-label={t("chart.label")}
            data-testid="report-chart"
          />
        </Panel>
      ) : null}
      {scope ? (
        scope.type === "product" ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {detailPanel("annotations", data.annotations)}
            {detailPanel("motionSteps", data.motion_steps)}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t("content.detailsProduct")}
          </Text>
        )
      ) : (
        <Panel
          id="top"
          title={t("sections.top")}
          definition={t("definitions.top")}
          actions={
            <CsvButton
              table={t("sections.top")}
              file={file("contents")}
              header={topHeader}
              rows={data.top.map((th) => [
                thingName(th),
                typeName(th.type),
                th.visits,
                experiencesLocked ? null : th.experiences,
                uniquesLocked ? null : th.uniques,
              ])}
            />
          }
        >
          <NumberTable
            caption={t("sections.top")}
            header={topHeader}
            numeric={[2, 3, 4]}
            rows={data.top.map((th) => ({
              key: `${th.type}:${th.id}`,
              cells: [
                isReportType(th.type) && th.name ? (
                  <UnstyledButton
                    key="name"
                    onClick={() => onScope({ type: th.type as TReportContentType, id: th.id, name: th.name })}
                    aria-label={t("content.open", { name: thingName(th) })}
                    c="blue"
                    fz="sm"
                    fw={500}
                  >
                    {thingName(th)}
                  </UnstyledButton>
                ) : (
                  <Text key="name" size="sm" c="dimmed">
                    {thingName(th)}
                  </Text>
                ),
                typeName(th.type),
                th.visits.toLocaleString(),
                experiencesLocked ? "—" : th.experiences.toLocaleString(),
                uniquesLocked ? "—" : th.uniques.toLocaleString(),
              ],
            }))}
          />
        </Panel>
      )}
      <Text size="xs" c="dimmed">
        {t("filter.hint")}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {BREAKDOWNS.filter((b) => !(scope && b.dim === "content_type")).map((b) => {
          const rows = data[b.field];
          const title = t(`sections.${b.section}`);
          const bars = (rows ?? []).map((r) => ({
            key: r.key,
            label: keyLabel(t, b.dim, r.key),
            visits: r.visits,
          }));
          const definitionKey = b.section === "os" ? "browser" : b.section;
          return (
            <Panel
              key={b.dim}
              id={b.dim}
              title={title}
              definition={t(`definitions.${definitionKey}`)}
              actions={
                rows ? (
                  <CsvButton
                    table={title}
                    file={file(b.dim)}
                    header={[t("columns.key"), t("columns.visits"), t("columns.uniques")]}
                    rows={bars.map((r, i) => [r.label, r.visits, rows[i]?.uniques ?? null])}
                  />
                ) : null
              }
            >
              {rows === null ? (
                <LockedNote figure={title} planKey={b.plan} />
              ) : (
                <BarList
                  rows={bars}
                  active={filter?.dim === b.dim ? filter.key : null}
                  onPick={(key) => onFilter({ dim: b.dim, key })}
                />
              )}
            </Panel>
          );
        })}
      </SimpleGrid>
    </>
  );
}
