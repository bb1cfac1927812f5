import { SimpleGrid } from "@mantine/core";
import type { TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { durationLabel } from "./labels";
import { changeOf } from "./period";
import { FigureCard } from "./ReportParts";

/** Props of {@link ReportFigures}. */
export interface ReportFiguresProps {
  data: TReportSummary;
  /** The days of the period (the change is "than the day before" for one). */
  days: number;
}

/** The headline figures with their change against the period before. */
export function ReportFigures({ data, days }: ReportFiguresProps) {
  const { t } = useTranslation("analytics");
  const changeLine = (now: number | null, before: number | null) => {
    const change = changeOf(now, before);
    return change
      ? days === 1
        ? t(`change.${change.kind}Day`, { percent: change.percent })
        : t(`change.${change.kind}`, { percent: change.percent, count: days })
      : null;
  };
  const count = (n: number | null) => (n === null ? null : n.toLocaleString());
  return (
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
}
