import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** Props of {@link RenameModal}. */
export interface RenameModalProps {
  /** The current title; the modal is closed while null. */
  title: string | null;
  /** Saves the new title; resolves to an error message, or null when saved. */
  onSave: (title: string) => Promise<string | null>;
  onClose: () => void;
}

/** Asks for a new title (1–100 characters). */
export function RenameModal({ title, onSave, onClose }: RenameModalProps) {
  const { t } = useTranslation("content");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  useEffect(() => {
    if (title !== null) {
      setValue(title);
      setError(null);
    }
  }, [title]);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = value.trim();
    if (next === "") {
      setError(t("rename.empty"));
      return;
    }
    setIsSaving(true);
    const failure = await onSave(next);
    setIsSaving(false);
    if (failure === null) onClose();
    else setError(failure);
  };

  return (
    <Modal opened={title !== null} onClose={onClose} title={t("rename.title")} centered>
      <form onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Stack>
          <TextInput
            label={t("rename.label")}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            maxLength={100}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("rename.cancel")}
            </Button>
            <Button type="submit" loading={isSaving}>
              {t("rename.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
