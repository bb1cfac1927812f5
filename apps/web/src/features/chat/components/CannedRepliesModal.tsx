import { ActionIcon, Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import {
  CHAT_CANNED_TITLE_MAX,
  CHAT_MESSAGE_MAX,
  chatCannedDeleteCall,
  chatCannedSaveCall,
  type TChatCannedDoc,
} from "@vitrine/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";

/** Props of {@link CannedRepliesModal}. */
export interface CannedRepliesModalProps {
  opened: boolean;
  onClose: () => void;
  docs: TChatCannedDoc[];
  onChanged: () => void;
}

/** The operators' canned replies: add, edit, delete. */
export function CannedRepliesModal({ opened, onClose, docs, onChanged }: CannedRepliesModalProps) {
  const { t } = useTranslation(["chat", "codes"]);
  const [editing, setEditing] = useState<TChatCannedDoc | "new" | null>(null);
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);

  const edit = (doc: TChatCannedDoc | "new") => {
    setEditing(doc);
    setTitle(doc === "new" ? "" : doc.title);
    setMessage(doc === "new" ? "" : doc.message);
    setError(null);
  };
  const save = async () => {
    const res = await api(chatCannedSaveCall, {
      ...(editing && editing !== "new" ? { canned_id: editing.id } : {}),
      title,
      message,
    });
    if (!res.status) {
      setError(res.message ?? "");
      return;
    }
    setEditing(null);
    onChanged();
  };
  const remove = async (id: string) => {
    const res = await api(chatCannedDeleteCall, { canned_id: id });
    if (res.status) onChanged();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("inbox.manage")} size="lg">
      <Stack gap="sm">
        {docs.length === 0 && <Text c="dimmed">{t("inbox.cannedEmpty")}</Text>}
        {docs.map((doc) => (
          <Group key={doc.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {doc.title}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={2}>
                {doc.message}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`${t("inbox.cannedEdit")}: ${doc.title}`}
                onClick={() => edit(doc)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t("inbox.cannedDelete")}: ${doc.title}`}
                onClick={() => void remove(doc.id)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {editing ? (
          <Stack gap="xs">
            <TextInput
              label={t("inbox.cannedTitle")}
              value={title}
              maxLength={CHAT_CANNED_TITLE_MAX}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
            <Textarea
              label={t("inbox.cannedText")}
              value={message}
              maxLength={CHAT_MESSAGE_MAX}
              autosize
              minRows={3}
              onChange={(e) => setMessage(e.currentTarget.value)}
            />
            {error && (
              <Text size="sm" c="red" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t("inbox.cannedCancel")}
              </Button>
              <Button onClick={() => void save()} disabled={!title.trim() || !message.trim()}>
                {t("inbox.cannedSave")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button variant="light" onClick={() => edit("new")} style={{ alignSelf: "flex-start" }}>
            {t("inbox.cannedAdd")}
          </Button>
        )}
      </Stack>
    </Modal>
  );
}
