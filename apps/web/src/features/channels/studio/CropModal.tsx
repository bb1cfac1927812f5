import { Button, Group, Modal, Slider, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { drawCrop, type TCropPlacement } from "./crop";

/** Props of {@link CropModal}. */
export interface CropModalProps {
  /** The picked image; null closes the modal. */
  file: File | null;
  /** Width / height of the area the image is shown in. */
  aspect: number;
  /** Widest output in pixels. */
  maxWidth: number;
  /** Output type: png keeps transparency (logos), jpeg is smaller (covers, photos). */
  type: "image/png" | "image/jpeg";
  onCancel: () => void;
  onDone: (blob: Blob) => void;
}

/** Crops an image to the ratio it is shown at: zoom and move, see the result, apply. */
export function CropModal({ file, aspect, maxWidth, type, onCancel, onDone }: CropModalProps) {
  const { t } = useTranslation("channels");
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [placement, setPlacement] = useState<TCropPlacement>({ zoom: 1, x: 0.5, y: 0.5 });

  useEffect(() => {
    setImage(null);
    setPlacement({ zoom: 1, x: 0.5, y: 0.5 });
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, aspect, placement, maxWidth);
  }, [image, aspect, placement, maxWidth]);

  const handleApply = () => {
    canvas.current?.toBlob(
      (blob) => {
        if (blob) onDone(blob);
      },
      type,
      0.9,
    );
  };

  return (
    <Modal opened={file !== null} onClose={onCancel} title={t("crop.title")} size="lg" centered>
      <Stack gap="sm">
        <canvas
          ref={canvas}
          data-testid="crop-canvas"
          style={{
            width: "100%",
            aspectRatio: String(aspect),
            background: "var(--mantine-color-gray-1)",
            borderRadius: 8,
          }}
          aria-label={t("crop.preview")}
        />
        <Text size="sm" fw={500}>
          {t("crop.zoom")}
        </Text>
        <Slider
          min={1}
          max={4}
          step={0.05}
          value={placement.zoom}
          onChange={(zoom) => setPlacement((p) => ({ ...p, zoom }))}
          label={null}
          thumbLabel={t("crop.zoom")}
        />
        <Text size="sm" fw={500}>
          {t("crop.horizontal")}
        </Text>
        <Slider
          min={0}
          max={1}
          step={0.01}
          value={placement.x}
          onChange={(x) => setPlacement((p) => ({ ...p, x }))}
          label={null}
          thumbLabel={t("crop.horizontal")}
        />
        <Text size="sm" fw={500}>
          {t("crop.vertical")}
        </Text>
        <Slider
          min={0}
          max={1}
          step={0.01}
          value={placement.y}
          onChange={(y) => setPlacement((p) => ({ ...p, y }))}
          label={null}
          thumbLabel={t("crop.vertical")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("crop.cancel")}
          </Button>
          <Button onClick={handleApply} disabled={!image}>
            {t("crop.apply")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
