import { Badge, Group, Paper, Stack, Table, Text } from "@mantine/core";
import type { TAuditDoc } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { useAdminTime } from "../../../ui/console/admin-hooks";

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The label of an action: the console's own words, else the action's name as recorded. */
export function useActionLabel(): (action: string) => string {
  const { t } = useTranslation("admin");
  return (action) => t(`actions.${action.replace(".", "_")}`, { defaultValue: action });
}

/** One value of a before/after snapshot, readable: times in the reader's zone, yes/no, "none". */
function useValueText(): (value: unknown) => string {
  const { t } = useTranslation("admin");
  const time = useAdminTime();
  return (value) => {
    if (value === null || value === undefined) return t("audit.none");
    if (typeof value === "boolean") return value ? t("audit.yes") : t("audit.no");
    if (typeof value === "string" && ISO_TIME.test(value)) return time.when(value);
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  };
}

/** Before → after of one audit row, one line per field; changed fields stand out. */
function AuditDiff({ doc }: { doc: TAuditDoc }) {
  const { t } = useTranslation("admin");
  const text = useValueText();
  const keys = [...new Set([...Object.keys(doc.before ?? {}), ...Object.keys(doc.after ?? {})])];
  if (keys.length === 0) return null;
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="30%">{t("audit.field")}</Table.Th>
          <Table.Th>{t("audit.before")}</Table.Th>
          <Table.Th>{t("audit.after")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((key) => {
          const before = doc.before === null ? undefined : doc.before[key];
          const after = doc.after === null ? undefined : doc.after[key];
          const isChanged = JSON.stringify(before) !== JSON.stringify(after);
          return (
            <Table.Tr key={key}>
              <Table.Td c="dimmed" style={{ wordBreak: "break-word" }}>
                {t(`fields.${key}`, { defaultValue: key })}
              </Table.Td>
              <Table.Td td={isChanged ? "line-through" : undefined} c={isChanged ? "dimmed" : undefined}>
                {doc.before === null ? t("audit.none") : text(before)}
              </Table.Td>
              <Table.Td fw={isChanged ? 700 : undefined}>{text(after)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Audit rows as cards: what, who, when, on what, why, and the before/after. */
export function AuditEntries({ docs, isCompact = false }: { docs: TAuditDoc[]; isCompact?: boolean }) {
  const { t } = useTranslation("admin");
  const time = useAdminTime();
  const label = useActionLabel();
  if (docs.length === 0) return <Text c="dimmed">{t("audit.empty")}</Text>;
  return (
    <Stack gap="sm" data-testid="audit-entries">
      {docs.map((doc) => (
        <Paper key={doc.audit_id} withBorder radius="md" p="sm" data-testid="audit-entry">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Badge variant="light" color="grape">
                  {label(doc.action)}
                </Badge>
                <Text size="sm" style={{ wordBreak: "break-all" }}>
                  {t("audit.by", { who: doc.actor_email_id ?? t("audit.goneActor") })}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                <time dateTime={doc.created_at}>{time.when(doc.created_at)}</time>
              </Text>
            </Group>
            <Text size="sm" c="dimmed" style={{ wordBreak: "break-all" }}>
              {t("audit.target", {
                type: t(`targets.${doc.target_type}`, { defaultValue: doc.target_type }),
              })}{" "}
              {doc.target_label ? (
                <Text span c="var(--mantine-color-text)">
                  {doc.target_label}{" "}
                </Text>
              ) : null}
              <Text span ff="monospace" size="xs">
                {doc.target_id}
              </Text>
            </Text>
            {doc.reason ? (
              <Text size="sm">
                <Text span fw={600}>
                  {t("audit.reason")}
                </Text>{" "}
                {doc.reason}
              </Text>
            ) : null}
            {isCompact ? null : <AuditDiff doc={doc} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
