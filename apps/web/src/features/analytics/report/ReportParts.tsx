/**
 * Pieces of the owner's report (issue 11): figure cards with their change and definition, the
 * locked panel with the way to a plan that shows it, breakdown lists whose rows filter the
 * report, tables with CSV export. Words come from the `analytics` namespace.
 */
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Popover,
  Progress,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconDownload, IconInfoCircle, IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { downloadCsv, type TCell, toCsv } from "./csv";
import { levelShowing, type TAnalyticsKey } from "./labels";
import classes from "./report.module.css";

/** The "?" next to a figure: its definition, one click away. */
export function Definition({ name, text }: { name: string; text: string }) {
  const { t } = useTranslation("analytics");
  return (
    <Popover width={300} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`${t("definitions.title")}: ${name}`}>
          <IconInfoCircle size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" fw={600} mb={4}>
          {name}
        </Text>
        <Text size="sm">{text}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** What a plan does not show: the figure's name, the plan that includes it, the way there. */
export function LockedNote({ figure, planKey }: { figure: string; planKey: TAnalyticsKey }) {
  const { t } = useTranslation("analytics");
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" data-testid={`locked-${planKey}`}>
      <ThemeIcon variant="light" color="gray" size="md" radius="xl">
        <IconLock size={14} />
      </ThemeIcon>
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t("locked.title")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("locked.text", { figure, plan: t(`levels.${levelShowing(planKey)}`) })}{" "}
          <Anchor component={Link} to="/price" fw={600} size="sm">
            {t("locked.upgrade")}
          </Anchor>
        </Text>
      </Stack>
    </Group>
  );
}

/** Props of {@link FigureCard}. */
export interface FigureCardProps {
  id: string;
  label: string;
  definition: string;
  /** The figure as shown; null when the plan hides it. */
  value: string | null;
  /** The change line under it. */
  change?: string | null;
  planKey: TAnalyticsKey;
}

/** One headline figure. */
export function FigureCard({ id, label, definition, value, change, planKey }: FigureCardProps) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={`figure-${id}`}>
      <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Definition name={label} text={definition} />
      </Group>
      {value === null ? (
        <LockedNote figure={label} planKey={planKey} />
      ) : (
        <>
          <Text fz={28} fw={700} lh={1.2} data-testid={`figure-${id}-value`}>
            {value}
          </Text>
          {change ? (
            <Text size="xs" c="dimmed" mt={4}>
              {change}
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** A CSV button of one table. */
export function CsvButton({
  table,
  file,
  header,
  rows,
}: {
  table: string;
  file: string;
  header: readonly string[];
  rows: readonly (readonly TCell[])[];
}) {
  const { t } = useTranslation("analytics");
  return (
    <Button
      variant="subtle"
      size="compact-xs"
      leftSection={<IconDownload size={14} />}
      aria-label={t("csv.exportLabel", { table })}
      onClick={() => downloadCsv(file, toCsv(header, rows))}
      disabled={rows.length === 0}
    >
      {t("csv.export")}
    </Button>
  );
}

/** A titled card of the report, with its definition and actions. */
export function Panel({
  id,
  title,
  definition,
  actions,
  children,
}: {
  id: string;
  title: string;
  definition: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={`panel-${id}`}>
      <Group justify="space-between" wrap="nowrap" mb="sm" gap="xs">
        <Group gap={4} wrap="nowrap">
          <Title order={2} size="h5">
            {title}
          </Title>
          <Definition name={title} text={definition} />
        </Group>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/** One breakdown row: its words, its visits and its share, clickable to filter. */
export interface TBarRow {
  key: string;
  label: string;
  visits: number;
}

/** A breakdown as bars; a click on a row filters the report by it. */
export function BarList({
  rows,
  active,
  onPick,
}: {
  rows: readonly TBarRow[];
  active: string | null;
  onPick: (key: string) => void;
}) {
  const { t } = useTranslation("analytics");
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("empty.table")}
      </Text>
    );
  }
  const total = rows.reduce((n, r) => n + r.visits, 0) || 1;
  return (
    <Stack gap={6}>
      {rows.map((r) => {
        const percent = Math.round((r.visits / total) * 100);
        return (
          <UnstyledButton
            key={r.key}
            className={classes.barRow}
            data-active={active === r.key || undefined}
            onClick={() => onPick(r.key)}
            aria-pressed={active === r.key}
            data-testid="bar-row"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate="end">
                {r.label}
              </Text>
              <Text size="sm" fw={600} className={classes.number}>
                {r.visits.toLocaleString()} <span className={classes.share}>{percent}%</span>
              </Text>
            </Group>
            <Progress value={percent} size="sm" radius="xl" aria-hidden />
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}

/** A plain table with numbers on the right; `onPick` makes the first cell a button. */
export function NumberTable({
  header,
  rows,
  numeric,
  caption,
}: {
  header: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
  /** Which columns are numbers (right-aligned). */
  numeric: readonly number[];
  caption: string;
}) {
  const { t } = useTranslation("analytics");
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("empty.table")}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm">
        <caption className={classes.hidden}>{caption}</caption>
        <Table.Thead>
          <Table.Tr>
            {header.map((h, i) => (
              <Table.Th key={h} ta={numeric.includes(i) ? "right" : undefined}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed per table.
                <Table.Td key={i} ta={numeric.includes(i) ? "right" : undefined}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
