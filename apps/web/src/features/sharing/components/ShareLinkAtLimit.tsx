import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconLock, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Props of {@link ShareLinkAtLimit}. */
export interface ShareLinkAtLimitProps {
  /** Links a content may have on the owner's plan. */
  limit: number;
}

/** Instead of the form, when the content has all the links its plan allows: the way to upgrade. */
export function ShareLinkAtLimit({ limit }: ShareLinkAtLimitProps) {
  const { t } = useTranslation("sharing");
  return (
    <Stack gap="xs" data-testid="share-create">
      <Text fw={600} size="sm">
        {t("manager.create.title")}
      </Text>
      <Alert color="orange" variant="light" icon={<IconLock />} data-testid="share-at-limit">
        <Text size="sm">{t("manager.create.atLimit", { limit })}</Text>
        <Anchor component={Link} to="/price" size="sm" fw={600}>
          {t("manager.create.upgrade")}
        </Anchor>
      </Alert>
      <Group>
        <Button leftSection={<IconPlus size={16} />} disabled>
          {t("manager.create.submit")}
        </Button>
      </Group>
    </Stack>
  );
}
