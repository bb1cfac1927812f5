import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconClick } from "@tabler/icons-react";
import type { TAnnotation } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import classes from "./editor.module.css";
import type { TPlacing } from "./panels/AnnotationsPanel";

/** Props of {@link PlacingHint}. */
export interface PlacingHintProps {
  /** What is being placed (never null here: the hint shows only while placing). */
  placing: Exclude<TPlacing, null>;
  annotations: TAnnotation[];
  /** The last click missed the model. */
  isMissed: boolean;
  onCancel(): void;
  onPlaceAtCentre(): void;
}

/** Over the model while an annotation is placed or moved: what a click does, and the centre for keyboards. */
export function PlacingHint({ placing, annotations, isMissed, onCancel, onPlaceAtCentre }: PlacingHintProps) {
  const { t } = useTranslation("content");
  return (
    <Alert className={classes.hint} color="blue" icon={<IconClick />} withCloseButton onClose={onCancel}>
      <Stack gap={6} align="flex-start">
        <Text size="sm">
          {placing.kind === "add"
            ? t("editor.placeHint")
            : t("editor.moveHint", {
                number: annotations.find((a) => a.annotation_id === placing.id)?.marker.number ?? "",
              })}
        </Text>
        {isMissed ? (
          // Inside the hint, itself an alert: read out as it appears.
          <Text size="sm" fw={600}>
            {t("editor.placeMissed")}
          </Text>
        ) : null}
        {/* Keyboard users cannot click a point: the centre of the view is theirs. */}
        <Button size="compact-xs" variant="white" onClick={onPlaceAtCentre}>
          {t("editor.placeCenter")}
        </Button>
      </Stack>
    </Alert>
  );
}
