import { SimpleGrid, Text } from "@mantine/core";
import type { TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { BreakdownPanels } from "./BreakdownPanels";
import { DailyPanel } from "./DailyPanel";
import { DetailPanel } from "./DetailPanel";
import { ReportEmpty } from "./ReportEmpty";
import { ReportFigures } from "./ReportFigures";
import { TopPanel } from "./TopPanel";
import type { TReportFilter, TReportScope } from "./use-report";

/** Props of {@link Report}. */
export interface ReportProps {
  data: TReportSummary;
  days: number;
  filter: TReportFilter | null;
  scope: TReportScope | null;
  onFilter: (filter: TReportFilter) => void;
  onScope: (scope: TReportScope) => void;
}

/** The report's body for one answer: figures, the daily chart, the top list or a content's details, breakdowns. */
export function Report({ data, days, filter, scope, onFilter, onScope }: ReportProps) {
  const { t } = useTranslation("analytics");
  const file = (name: string) => `vitrine-${name}-${data.from}-${data.to}.csv`;
  const isEmpty =
    !filter &&
    !scope &&
    (data.visits ?? 0) === 0 &&
    (data.experiences ?? 0) === 0 &&
    (data.previous.visits ?? 0) === 0 &&
    data.top.length === 0;

  if (isEmpty) {
    return (
      <>
        <ReportFigures data={data} days={days} />
        <ReportEmpty />
      </>
    );
  }

  return (
    <>
      <ReportFigures data={data} days={days} />
      {data.daily.length > 1 ? <DailyPanel data={data} file={file} /> : null}
      {scope ? (
        scope.type === "product" ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <DetailPanel id="annotations" rows={data.annotations} file={file} />
            <DetailPanel id="motionSteps" rows={data.motion_steps} file={file} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            {t("content.detailsProduct")}
          </Text>
        )
      ) : (
        <TopPanel data={data} file={file} onScope={onScope} />
      )}
      <Text size="xs" c="dimmed">
        {t("filter.hint")}
      </Text>
      <BreakdownPanels
        data={data}
        filter={filter}
        isScoped={scope !== null}
        file={file}
        onFilter={onFilter}
      />
    </>
  );
}
