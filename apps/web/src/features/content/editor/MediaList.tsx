import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPhotoPlus, IconTrash, IconVideoPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TImagePurpose, uploadImage, uploadVideo } from "../../../api/upload";
import { useResultMessage } from "../../../i18n/use-messages";
import { FormAlert } from "../../../ui/FormAlert";
import { checkImageFile, checkVideoFile } from "../lib/file-checks";
import { moveItem, removeAt } from "../lib/list-order";
import classes from "./editor.module.css";

/** Props of {@link MediaList}. */
export interface MediaListProps {
  /** Heading of the list. */
  label: string;
  /** Blob URLs in order. */
  urls: readonly string[];
  onChange: (urls: string[]) => void;
  kind: "image" | "video";
  /** What uploaded images are for (videos are always annotation videos). */
  purpose: TImagePurpose;
  contentId: string;
  /** Most items allowed (plan or schema limit). */
  max: number;
  testId?: string;
}

const IMAGE_MESSAGE_KEYS: Record<string, "imageType" | "imageSize"> = {
  "Only jpg and png files can be uploaded.": "imageType",
  "The image exceeds the size limit.": "imageSize",
};

/** Ordered images or videos of an annotation, a step or the specification: add, reorder, remove. */
export function MediaList({ label, urls, onChange, kind, purpose, contentId, max, testId }: MediaListProps) {
  const { t } = useTranslation("content");
  const { t: tc } = useTranslation("codes");
  const messageOf = useResultMessage();
  const [fraction, setFraction] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isFull = urls.length >= max;

  const handleFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    if (kind === "image") {
      const problem = await checkImageFile(file);
      if (problem !== null) {
        const key = IMAGE_MESSAGE_KEYS[problem];
        setError(key ? tc(key) : problem);
        return;
      }
    } else {
      const problem = await checkVideoFile(file);
      if (problem !== null) {
        setError(problem === "type" ? t("media.videoType") : t("media.videoSize"));
        return;
      }
    }
    setFraction(0);
    const options = { onProgress: setFraction };
    const res =
      kind === "image"
        ? await uploadImage(file, file.name, purpose, contentId, options)
        : await uploadVideo(file, contentId, options);
    setFraction(null);
    // Blob keys are content hashes: the same file twice is one item.
    if (res.status) onChange(urls.includes(res.data.url) ? [...urls] : [...urls, res.data.url]);
    else setError(messageOf(res));
  };

  return (
    <Stack gap={6} data-testid={testId}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t("media.max", { used: urls.length, max })} ·{" "}
          {kind === "image" ? t("media.imageRule") : t("media.videoRule")}
        </Text>
      </Group>
      {urls.map((url, index) => (
        <Group key={url} gap="xs" wrap="nowrap">
          {kind === "image" ? (
            <img src={url} alt={t("media.imageAlt", { number: index + 1 })} className={classes.thumb} />
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: owner-uploaded product clips come without captions.
            <video
              src={url}
              className={classes.thumb}
              preload="metadata"
              aria-label={t("media.videoLabel", { number: index + 1 })}
            />
          )}
          <Text size="xs" c="dimmed" style={{ flex: 1 }}>
            {index + 1}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("media.moveUp")}
            disabled={index === 0}
            onClick={() => onChange(moveItem(urls, index, -1))}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("media.moveDown")}
            disabled={index === urls.length - 1}
            onClick={() => onChange(moveItem(urls, index, 1))}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("media.remove")}
            onClick={() => onChange(removeAt(urls, index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {fraction !== null ? (
        <Stack gap={2} role="status">
          <Text size="xs">{t("media.uploading", { percent: Math.round(fraction * 100) })}</Text>
          <Progress value={fraction * 100} size="sm" />
        </Stack>
      ) : null}
      <FileButton
        onChange={(file) => void handleFile(file)}
        accept={kind === "image" ? "image/png,image/jpeg" : "video/mp4"}
      >
        {(props) => (
          <Button
            {...props}
            variant="light"
            size="xs"
            leftSection={kind === "image" ? <IconPhotoPlus size={16} /> : <IconVideoPlus size={16} />}
            disabled={isFull || fraction !== null}
            style={{ alignSelf: "flex-start" }}
          >
            {kind === "image" ? t("media.addImage") : t("media.addVideo")}
          </Button>
        )}
      </FileButton>
      <FormAlert message={error} />
    </Stack>
  );
}
