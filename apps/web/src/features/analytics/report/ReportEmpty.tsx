import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconChartBar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** No visit yet: what the report will show, and the way to the contents to share. */
export function ReportEmpty() {
  const { t } = useTranslation("analytics");
  return (
    <Card withBorder padding="xl" radius="md" data-testid="report-empty">
      <Stack align="center" ta="center" gap="xs">
        <IconChartBar size={40} stroke={1.4} color="var(--mantine-color-gray-5)" />
        <Title order={2} size="h4">
          {t("empty.title")}
        </Title>
        <Text c="dimmed" maw={520}>
          {t("empty.text")}
        </Text>
        <Button component={Link} to="/Studio/user/contents" variant="light" mt="xs">
          {t("empty.link")}
        </Button>
      </Stack>
    </Card>
  );
}
