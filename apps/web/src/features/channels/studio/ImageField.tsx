import { Alert, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconPhoto, IconTrash, IconUpload } from "@tabler/icons-react";
import { checkImage, codeByRescode, MESSAGES, ZUploadMediaResult } from "@vitrine/contract";
import type { ParseKeys } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { upload } from "../../../api/upload";
import { CropModal } from "./CropModal";

/** What a channel image is for (the upload route's purpose). */
export type TChannelImagePurpose = "channel_logo" | "channel_cover" | "profile_photo";

/** Props of {@link ImageField}. */
export interface ImageFieldProps {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  purpose: TChannelImagePurpose;
  /** Width / height it is shown at; the crop keeps it. */
  aspect: number;
  maxWidth: number;
  error?: string;
  /** Test id of the picker. */
  testId: string;
}

/** Uploads an image with a crop to the shown ratio; jpg and png only, within the size limit (§5). */
export function ImageField({
  label,
  value,
  onChange,
  purpose,
  aspect,
  maxWidth,
  error,
  testId,
}: ImageFieldProps) {
  const { t } = useTranslation("channels");
  const { t: tCodes } = useTranslation("codes");
  const [picked, setPicked] = useState<File | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);

  const handlePick = async (file: File | null) => {
    setWarning(null);
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const problem = checkImage({ name: file.name, size: file.size, bytes: head });
    if (problem) {
      setWarning(problem === MESSAGES.imageSize ? tCodes("imageSize") : tCodes("imageType"));
      return;
    }
    setPicked(file);
  };

  const handleCropped = async (blob: Blob) => {
    setPicked(null);
    setIsUploading(true);
    const isPng = blob.type === "image/png";
    const form = new FormData();
    form.append("purpose", purpose);
    form.append("file", blob, isPng ? "image.png" : "image.jpg");
    const res = await upload("/api/upload/image", form, ZUploadMediaResult);
    setIsUploading(false);
    if (res.status) onChange(res.data.url);
    else setWarning(tCodes((codeByRescode(res.rescode)?.key ?? "fileInvalid") as ParseKeys<"codes">));
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <div
        style={{
          width: "100%",
          maxWidth: aspect >= 2 ? "100%" : 160,
          aspectRatio: String(aspect),
          borderRadius: 8,
          overflow: "hidden",
          background: "var(--mantine-color-gray-1)",
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        {value ? (
          <img src={value} alt={label} style={{ width: "100%", height: "100%", objectFit: "cover" }} />
        ) : (
          <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
        )}
      </div>
      <Group gap="xs">
        <FileButton onChange={(file) => void handlePick(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              leftSection={<IconUpload size={14} />}
              loading={isUploading}
              data-testid={testId}
            >
              {value ? t("image.replace") : t("image.upload")}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => onChange(null)}
          >
            {t("image.delete")}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t("image.rule")}
      </Text>
      {warning || error ? (
        <Alert color="red" variant="light" p="xs" role="alert">
          <Text size="sm">{warning ?? error}</Text>
        </Alert>
      ) : null}
      <CropModal
        file={picked}
        aspect={aspect}
        maxWidth={maxWidth}
        type={purpose === "channel_logo" ? "image/png" : "image/jpeg"}
        onCancel={() => setPicked(null)}
        onDone={(blob) => void handleCropped(blob)}
      />
    </Stack>
  );
}
