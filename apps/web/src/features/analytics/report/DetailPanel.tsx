import type { TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { CsvButton, NumberTable, Panel } from "./ReportParts";

/** Props of {@link DetailPanel}. */
export interface DetailPanelProps {
  id: "annotations" | "motionSteps";
  rows: TReportSummary["annotations"];
  /** The CSV file's name for a table. */
  file(name: string): string;
}

/** A content's own report: its annotations' opens or its motion steps' plays, with the CSV. */
export function DetailPanel({ id, rows, file }: DetailPanelProps) {
  const { t } = useTranslation("analytics");
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
}
