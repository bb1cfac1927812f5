import { Button, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconMovie } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Props of {@link MotionNotProduced}. */
export interface MotionNotProducedProps {
  contentId: string;
}

/** The motion panel of a model not produced by Vitrine: the way to the production request form. */
export function MotionNotProduced({ contentId }: MotionNotProducedProps) {
  const { t } = useTranslation("content");
  return (
    <Paper withBorder p="lg" radius="md" data-testid="panel-motion">
      <Stack align="center" ta="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconMovie />
        </ThemeIcon>
        <Title order={3} size="h5">
          {t("motion.notProduced")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("motion.notProducedText")}
        </Text>
        <Button
          component={Link}
          to={`/Studio/user/production?new=1&content=${encodeURIComponent(contentId)}`}
          variant="light"
        >
          {t("motion.askProduction")}
        </Button>
      </Stack>
    </Paper>
  );
}
