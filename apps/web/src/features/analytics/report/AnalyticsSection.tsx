/**
 * The studio's Analytics section (issue 11): the report an owner opens every morning. A period
 * (today, 7, 30, 90 days, custom; days in KST for Korean owners), the headline figures with
 * their change, a daily chart, breakdowns whose rows filter the whole report, the contents,
 * channel and booths by visits (each opens its own report with annotations and motion steps),
 * CSV of every table. Figures the plan hides come back `null` from the server and are shown
 * locked with the way to a plan that has them — never invented here.
 *
 * The section is a layout: what was asked lives in `use-report-controls.ts`, the answer in
 * `use-report.ts`, the header in `ReportHeader.tsx` and the body in `Report.tsx`.
 */
import "@mantine/charts/styles.css";
import { Alert, Anchor, Button, SimpleGrid, Skeleton, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Report } from "./Report";
import { ReportHeader } from "./ReportHeader";
import { useReport } from "./use-report";
import { useReportControls } from "./use-report-controls";

/** The section (lazy: its chart library loads only here). */
export default function AnalyticsSection() {
  const { t } = useTranslation("analytics");
  const controls = useReportControls();
  const { data, error, isLoading, reload } = useReport(controls.input);
  const header = (
    <ReportHeader
      controls={controls}
      data={data}
      isReloading={isLoading && data !== null}
      onReload={reload}
    />
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
        days={controls.days}
        filter={controls.filter}
        scope={controls.scope}
        onFilter={controls.toggleFilter}
        onScope={controls.openScope}
      />
    </Stack>
  );
}
