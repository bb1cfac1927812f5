import { BarChart } from "@mantine/charts";
import type { TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { CsvButton, Panel } from "./ReportParts";

/** Props of {@link DailyPanel}. */
export interface DailyPanelProps {
  data: TReportSummary;
  /** The CSV file's name for a table. */
  file(name: string): string;
}

/** The daily chart of the figures the plan shows, with its CSV. */
export function DailyPanel({ data, file }: DailyPanelProps) {
  const { t } = useTranslation("analytics");
  const series = [
    data.daily.some((d) => d.visits !== null)
      ? { name: "visits", label: t("columns.visits"), color: "blue.6" }
      : null,
    !data.locked.includes("content_experience")
      ? { name: "experiences", label: t("columns.experiences"), color: "teal.6" }
      : null,
    !data.locked.includes("unique_visitors")
      ? { name: "uniques", label: t("columns.uniques"), color: "grape.6" }
      : null,
  ].filter((s): s is { name: string; label: string; color: string } => s !== null);
  const header = [t("columns.day"), ...series.map((s) => s.label)];
  const rows = data.daily.map((d) => [
    d.day,
    ...series.map((s) => d[s.name as "visits" | "experiences" | "uniques"] ?? 0),
  ]);
  return (
    <Panel
      id="daily"
      title={t("sections.daily")}
      definition={t("definitions.daily")}
      actions={<CsvButton table={t("sections.daily")} file={file("daily")} header={header} rows={rows} />}
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
  );
}
