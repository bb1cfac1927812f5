import { SimpleGrid } from "@mantine/core";
import type { TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { BREAKDOWNS, keyLabel } from "./labels";
import { BarList, CsvButton, LockedNote, Panel } from "./ReportParts";
import type { TReportFilter } from "./use-report";

/** Props of {@link BreakdownPanels}. */
export interface BreakdownPanelsProps {
  data: TReportSummary;
  filter: TReportFilter | null;
  /** A content's own report has no breakdown by content type. */
  isScoped: boolean;
  /** The CSV file's name for a table. */
  file(name: string): string;
  /** A row was picked: it filters the whole report (again: the filter goes). */
  onFilter(filter: TReportFilter): void;
}

/** The breakdowns (content type, inflow, device, browser, OS); the plan's locked ones say so. */
export function BreakdownPanels({ data, filter, isScoped, file, onFilter }: BreakdownPanelsProps) {
  const { t } = useTranslation("analytics");
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      {BREAKDOWNS.filter((b) => !(isScoped && b.dim === "content_type")).map((b) => {
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
  );
}
