import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { matchAdminRemoveCall, matchAdminStatsCall } from "@vitrine/contract";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCall } from "../../../api/use-call";
import { useResultMessage } from "../../../i18n/use-messages";
import { useAdminAction, useAdminTime } from "../../../ui/console/admin-hooks";
import { ReasonField } from "../../../ui/console/ReasonField";
import { useBuyerLabels } from "../lib/reasons";

type TRow = { inquiry_id: string; company: string; email: string };

/** Asks the reason, then removes an inquiry and every business's copy of it. */
function RemoveDialog({ row, onClose, onDone }: { row: TRow; onClose(): void; onDone(): void }) {
  const { t } = useTranslation("matching");
  const { t: tAdmin } = useTranslation("admin");
  const action = useAdminAction();
  const [reason, setReason] = useState("");
  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") {
      action.setErrors({ reason: tAdmin("reason.required") });
      return;
    }
    if (await action.run(matchAdminRemoveCall, { inquiry_id: row.inquiry_id, reason })) onDone();
  };
  return (
    <Modal opened onClose={onClose} title={t("admin.removeTitle")} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t("admin.removeHelp", { company: row.company, email: row.email })}</Text>
          <ReasonField value={reason} onChange={setReason} error={action.errors.reason} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tAdmin("cancel")}
            </Button>
            <Button type="submit" color="red" loading={action.isBusy}>
              {t("admin.remove")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const COUNT_KEYS = [
  "inquiries",
  "shared",
  "matched",
  "no_match",
  "connections",
  "declines",
  "not_interested",
  "complaints",
  "opted_in",
] as const;

/**
 * The console's Matching page: counts of inquiries, matches, declines, "not interested" and
 * complaints, the latest inquiries (complaints first), and removing an abusive one (audited).
 */
export default function MatchingAdmin() {
  const { t } = useTranslation("matching");
  const { t: tCodes } = useTranslation("codes");
  const message = useResultMessage();
  const time = useAdminTime();
  const labels = useBuyerLabels();
  const stats = useCall(matchAdminStatsCall, {});
  const [removing, setRemoving] = useState<TRow | null>(null);

  if (stats.isLoading && !stats.data) return <Loader aria-label={tCodes("loading")} />;
  if (!stats.data) {
    return (
      <Alert color="red" role="alert">
        {stats.error ? message(stats.error) : tCodes("notProcessed")}
      </Alert>
    );
  }
  const { counts, docs } = stats.data;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        {COUNT_KEYS.map((key) => (
          <Paper key={key} withBorder radius="md" p="sm">
            <Text size="xs" c="dimmed">
              {t(`admin.counts.${key}`)}
            </Text>
            <Text fw={700} size="xl" data-testid={`match-count-${key}`}>
              {counts[key].toLocaleString()}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {docs.length === 0 ? (
        <Text c="dimmed">{t("admin.empty")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("admin.col.date")}</Table.Th>
                <Table.Th>{t("form.company")}</Table.Th>
                <Table.Th>{t("form.country")}</Table.Th>
                <Table.Th>{t("form.needs")}</Table.Th>
                <Table.Th>{t("admin.col.status")}</Table.Th>
                <Table.Th>{t("admin.col.connections")}</Table.Th>
                <Table.Th>{t("admin.col.declines")}</Table.Th>
                <Table.Th>{t("admin.col.complaints")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("admin.remove")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {docs.map((row) => (
                <Table.Tr key={row.inquiry_id} data-testid="match-inquiry">
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{time.when(row.created_at)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.company}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{labels.country(row.country)}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" lineClamp={2} title={row.needs}>
                      {row.needs}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.shared ? "blue" : "gray"}>
                      {t(`admin.status.${row.status}` as "admin.status.matched", {
                        defaultValue: row.status,
                      })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.connections}</Table.Td>
                  <Table.Td>{row.declines}</Table.Td>
                  <Table.Td>
                    {row.complaints > 0 ? <Badge color="red">{row.complaints}</Badge> : row.complaints}
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" color="red" onClick={() => setRemoving(row)}>
                      {t("admin.remove")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {removing ? (
        <RemoveDialog
          row={removing}
          onClose={() => setRemoving(null)}
          onDone={() => {
            setRemoving(null);
            stats.reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
