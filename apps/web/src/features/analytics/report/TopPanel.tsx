import { Text, UnstyledButton } from "@mantine/core";
import { REPORT_CONTENT_TYPES, type TReportContentType, type TReportSummary } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { CsvButton, NumberTable, Panel } from "./ReportParts";
import type { TReportScope } from "./use-report";

function isReportType(type: string): type is TReportContentType {
  return (REPORT_CONTENT_TYPES as readonly string[]).includes(type);
}

/** Props of {@link TopPanel}. */
export interface TopPanelProps {
  data: TReportSummary;
  /** The CSV file's name for a table. */
  file(name: string): string;
  /** Opens one thing's own report. */
  onScope(scope: TReportScope): void;
}

/** The contents, channel and booths by visits; a named one opens its own report. */
export function TopPanel({ data, file, onScope }: TopPanelProps) {
  const { t } = useTranslation("analytics");
  const uniquesLocked = data.locked.includes("unique_visitors");
  const experiencesLocked = data.locked.includes("content_experience");
  const typeName = (type: string) => (isReportType(type) ? t(`types.${type}`) : type);
  const thingName = (thing: TReportSummary["top"][number]) => thing.name || t("sealedOrRemoved");
  const header = [
    t("columns.name"),
    t("columns.type"),
    t("columns.visits"),
    t("columns.experiences"),
    t("columns.uniques"),
  ];
  return (
    <Panel
      id="top"
      title={t("sections.top")}
      definition={t("definitions.top")}
      actions={
        <CsvButton
          table={t("sections.top")}
          file={file("contents")}
          header={header}
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
        header={header}
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
  );
}
