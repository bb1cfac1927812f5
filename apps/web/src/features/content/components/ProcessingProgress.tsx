import { Progress, Stack, Text } from "@mantine/core";
import type { TProcessing } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** Props of {@link ProcessingProgress}. */
export interface ProcessingProgressProps {
  processing: TProcessing;
}

/** The step a model's processing is at and how far it is, under a processing content's card. */
export function ProcessingProgress({ processing }: ProcessingProgressProps) {
  const { t } = useTranslation("content");
  const label = t(`processing.steps.${processing.step}`);
  return (
    <Stack gap={4} data-testid="processing-progress" data-step={processing.step}>
      <Text size="xs" c="dimmed" aria-live="polite">
        {t("processing.label", { step: label, percent: processing.percent })}
      </Text>
      <Progress
        value={processing.percent}
        size="sm"
        animated
        aria-label={t("processing.aria", { step: label, percent: processing.percent })}
      />
    </Stack>
  );
}
