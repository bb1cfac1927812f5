import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCreateBusy } from "./use-create-share-link";

/** Props of {@link ShareLinkProgress}. */
export interface ShareLinkProgressProps {
  busy: TCreateBusy;
}

/** How far an encrypted link has come (collect, encrypt, upload); nothing otherwise. */
export function ShareLinkProgress({ busy }: ShareLinkProgressProps) {
  const { t } = useTranslation("sharing");
  const percent = (f: number) => Math.round(f * 100);
  const progress =
    busy.kind === "collect"
      ? {
          value: percent(busy.fraction),
          text: t("manager.create.collect", { percent: percent(busy.fraction) }),
        }
      : busy.kind === "encrypt"
        ? { value: 100, text: t("manager.create.encrypt") }
        : busy.kind === "upload"
          ? {
              value: percent(busy.fraction),
              text: t("manager.create.upload", { percent: percent(busy.fraction) }),
            }
          : null;
  if (!progress) return null;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Progress value={progress.value} animated striped={busy.kind === "encrypt"} />
      <Text size="xs" c="dimmed">
        {progress.text}
      </Text>
    </Stack>
  );
}
