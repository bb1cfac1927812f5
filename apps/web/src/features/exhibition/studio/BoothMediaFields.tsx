import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconFileTypePdf, IconPhotoPlus, IconTrash, IconVideoPlus } from "@tabler/icons-react";
import { BOOTH_DOCUMENTS_MAX, BOOTH_IMAGES_MAX, type TBoothDocument } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useResultMessage } from "../../../i18n/use-messages";
import classes from "../components/exhibition.module.css";
import { uploadBoothDocument, uploadBoothImage, uploadBoothVideo } from "./booth-uploads";
import { UpgradeNote } from "./UpgradeNote";

/** Props of {@link BoothMediaFields}. */
export interface BoothMediaFieldsProps {
  images: string[];
  video: string | null;
  documents: TBoothDocument[];
  canVideo: boolean;
  onImages: (urls: string[]) => void;
  onVideo: (url: string | null) => void;
  onDocuments: (docs: TBoothDocument[]) => void;
}

/** The booth's panel images (jpg/png), video (mp4, Standard and up) and documents (pdf). */
export function BoothMediaFields({
  images,
  video,
  documents,
  canVideo,
  onImages,
  onVideo,
  onDocuments,
}: BoothMediaFieldsProps) {
  const { t } = useTranslation("exhibition");
  const messageOf = useResultMessage();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"image" | "video" | "document" | null>(null);
  const [videoProgress, setVideoProgress] = useState(0);

  const addImage = async (file: File | null) => {
    if (!file) return;
    setBusy("image");
    setError(null);
    const res = await uploadBoothImage(file);
    setBusy(null);
    if (res.status) onImages([...images, res.data.url]);
    else setError(messageOf(res));
  };
  const setVideo = async (file: File | null) => {
    if (!file) return;
    setBusy("video");
    setError(null);
    setVideoProgress(0);
    const res = await uploadBoothVideo(file, setVideoProgress);
    setBusy(null);
    if (res.status) onVideo(res.data.url);
    else setError(messageOf(res));
  };
  const addDocument = async (file: File | null) => {
    if (!file) return;
    setBusy("document");
    setError(null);
    const res = await uploadBoothDocument(file);
    setBusy(null);
    if (res.status) {
      const name = res.data.name.replace(/\.pdf$/i, "").slice(0, 200) || "Document";
      onDocuments([...documents, { url: res.data.url, name, size: res.data.size }]);
    } else setError(messageOf(res));
  };

  return (
    <Stack gap="md">
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("studio.images")}
        </Text>
        {images.length > 0 ? (
          <div className={classes.gallery}>
            {images.map((url, i) => (
              <div key={url} style={{ position: "relative" }}>
                <img src={url} alt={t("studio.imageN", { n: i + 1 })} />
                <ActionIcon
                  color="red"
                  variant="filled"
                  size="sm"
                  style={{ position: "absolute", top: 6, right: 6 }}
                  onClick={() => onImages(images.filter((x) => x !== url))}
                  aria-label={t("studio.removeImage", { n: i + 1 })}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </div>
            ))}
          </div>
        ) : null}
        <Group>
          <FileButton onChange={(f) => void addImage(f)} accept="image/png,image/jpeg">
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconPhotoPlus size={16} />}
                loading={busy === "image"}
                disabled={images.length >= BOOTH_IMAGES_MAX || busy !== null}
              >
                {t("studio.addImage")}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t("studio.imagesHint", { max: BOOTH_IMAGES_MAX })}
          </Text>
        </Group>
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("studio.video")}
        </Text>
        {!canVideo ? (
          <UpgradeNote text={t("studio.videoPlan")} />
        ) : (
          <>
            {video ? (
              <Group gap="xs" align="flex-start">
                {/* biome-ignore lint/a11y/useMediaCaption: a preview of the owner's own upload. */}
                <video
                  className={classes.video}
                  src={video}
                  controls
                  preload="metadata"
                  style={{ maxWidth: 360 }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  onClick={() => onVideo(null)}
                  leftSection={<IconTrash size={14} />}
                >
                  {t("studio.removeVideo")}
                </Button>
              </Group>
            ) : null}
            <Group>
              <FileButton onChange={(f) => void setVideo(f)} accept="video/mp4">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconVideoPlus size={16} />}
                    loading={busy === "video"}
                    disabled={busy !== null}
                  >
                    {video ? t("studio.replaceVideo") : t("studio.addVideo")}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t("studio.videoHint")}
              </Text>
            </Group>
            {busy === "video" ? (
              <Progress value={videoProgress * 100} aria-label={t("studio.video")} />
            ) : null}
          </>
        )}
      </Stack>

      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t("studio.documents")}
        </Text>
        {documents.map((d, i) => (
          <Group key={d.url} gap="xs" wrap="nowrap">
            <IconFileTypePdf size={20} aria-hidden />
            <TextInput
              value={d.name}
              onChange={(e) => {
                const name = e.currentTarget.value;
                onDocuments(documents.map((x, j) => (j === i ? { ...x, name } : x)));
              }}
              aria-label={t("studio.documentName", { n: i + 1 })}
              maxLength={200}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onDocuments(documents.filter((_, j) => j !== i))}
              aria-label={t("studio.removeDocument", { name: d.name })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <FileButton onChange={(f) => void addDocument(f)} accept="application/pdf">
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconFileTypePdf size={16} />}
                loading={busy === "document"}
                disabled={documents.length >= BOOTH_DOCUMENTS_MAX || busy !== null}
              >
                {t("studio.addDocument")}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t("studio.documentsHint")}
          </Text>
        </Group>
      </Stack>
    </Stack>
  );
}
