import { Alert, Anchor, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { adminOverviewCall } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCall } from "../../../api/use-call";
import { AuditEntries } from "./AuditEntries";

function Figure({ label, value, to }: { label: string; value: number; to?: string }) {
  const body = (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2}>
        {value.toLocaleString()}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="md">
      {to ? (
        <Anchor component={Link} to={to} underline="never" c="inherit">
          {body}
        </Anchor>
      ) : (
        body
      )}
    </Paper>
  );
}

/** Console home: real counts and the newest audit rows. */
export default function HomeSection() {
  const { t } = useTranslation(["admin", "common"]);
  const { data, error, isLoading } = useCall(adminOverviewCall, {});
  if (error) return <Alert color="red">{t("loadFailed")}</Alert>;
  if (isLoading || !data) return <Loader aria-label={t("common:loading")} />;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" data-testid="console-figures">
        <Figure label={t("home.users")} value={data.users} to="/Studio/admin/users" />
        <Figure label={t("home.suspended")} value={data.suspended} />
        <Figure label={t("home.supers")} value={data.supers} to="/Studio/admin/supers" />
        <Figure label={t("home.contents")} value={data.contents} />
        <Figure label={t("home.produced")} value={data.produced} to="/Studio/admin/produced" />
        <Figure label={t("home.auditWeek")} value={data.audit_week} to="/Studio/admin/audit" />
      </SimpleGrid>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t("home.recent")}
          </Title>
          <Anchor component={Link} to="/Studio/admin/audit">
            {t("home.allAudit")}
          </Anchor>
        </Group>
        <AuditEntries docs={data.recent} isCompact />
      </Stack>
    </Stack>
  );
}
