/**
 * Picks files and uploads each through `POST /api/upload/file` with its progress; refused
 * files show the server's message (the §5 checker) and are not kept. Answers the uploaded
 * files' references through `onChange`.
 */
import { ActionIcon, Button, FileButton, Group, Progress, Stack, Text } from "@mantine/core";
import { IconPaperclip, IconX } from "@tabler/icons-react";
import type { TFilePurpose, TUploadedFile } from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../api/upload";
import { useResultMessage } from "../i18n/use-messages";

interface TPending {
  id: number;
  name: string;
  fraction: number;
}

/** Props of {@link FileUploads}. */
export interface FileUploadsProps {
  purpose: TFilePurpose;
  files: TUploadedFile[];
  onChange(files: TUploadedFile[]): void;
  max: number;
  accept: string;
  label: string;
  hint?: string;
}

let nextId = 1;

/** A list of uploaded files with an add button and per-file progress. */
export function FileUploads({ purpose, files, onChange, max, accept, label, hint }: FileUploadsProps) {
  const { t } = useTranslation("production");
  const message = useResultMessage();
  const [pending, setPending] = useState<TPending[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const room = max - files.length - pending.length;

  const add = async (picked: File[]) => {
    setErrors([]);
    let current = files;
    for (const file of picked.slice(0, Math.max(0, room))) {
      const id = nextId++;
      setPending((list) => [...list, { id, name: file.name, fraction: 0 }]);
      const res = await uploadFile(file, purpose, {
        onProgress: (fraction) =>
          setPending((list) => list.map((p) => (p.id === id ? { ...p, fraction } : p))),
      });
      setPending((list) => list.filter((p) => p.id !== id));
      if (res.status) {
        current = [...current, res.data];
        onChange(current);
      } else {
        setErrors((list) => [...list, `${file.name}: ${message(res)}`]);
      }
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
      {files.map((file) => (
        <Group key={file.url} gap="xs" wrap="nowrap" data-testid="uploaded-file">
          <IconPaperclip size={16} aria-hidden />
          <Text size="sm" style={{ flex: 1, wordBreak: "break-all" }}>
            {file.name} · {Math.max(1, Math.round(file.size / 1024))} KB
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t("files.remove", { name: file.name })}
            onClick={() => onChange(files.filter((f) => f.url !== file.url))}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      ))}
      {pending.map((p) => (
        <Stack key={p.id} gap={2}>
          <Text size="sm">{p.name}</Text>
          <Progress value={p.fraction * 100} aria-label={t("files.progress", { name: p.name })} animated />
        </Stack>
      ))}
      {errors.map((e) => (
        <Text key={e} size="sm" c="red" role="alert">
          {e}
        </Text>
      ))}
      <Group>
        <FileButton onChange={(list) => void add(list)} accept={accept} multiple>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              disabled={room <= 0}
              leftSection={<IconPaperclip size={14} />}
            >
              {t("files.add")}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t("files.count", { count: files.length, max })}
        </Text>
      </Group>
    </Stack>
  );
}
