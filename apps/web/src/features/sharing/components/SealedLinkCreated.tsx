import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { shareUrl } from "../lib/share-urls";
import { CopyField } from "./CopyField";
import { EmbedCode } from "./EmbedCode";

/** Props of {@link SealedLinkCreated}. */
export interface SealedLinkCreatedProps {
  sharelinkUrl: string;
  linkKey: string;
  title: string;
  /** The owner has copied the link; the full address is forgotten. */
  onDone: () => void;
}

/** The one moment an encrypted link's full address (with its key) can be copied. */
export function SealedLinkCreated({ sharelinkUrl, linkKey, title, onDone }: SealedLinkCreatedProps) {
  const { t } = useTranslation("sharing");
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconKey />}
      title={t("manager.sealedCreated.title")}
      data-testid="sealed-created"
    >
      <Stack gap="sm">
        <Text size="sm">{t("manager.sealedCreated.text")}</Text>
        <CopyField
          value={shareUrl(window.location.origin, sharelinkUrl, linkKey)}
          label={t("manager.linkLabel")}
          copyLabel={t("manager.sealedCreated.copy")}
          copiedMessage={t("manager.copied")}
          canOpen
          data-testid="sealed-url"
        />
        <EmbedCode sharelinkUrl={sharelinkUrl} linkKey={linkKey} title={title} />
        <Group justify="flex-end">
          <Button size="xs" variant="default" onClick={onDone}>
            {t("manager.sealedCreated.done")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
