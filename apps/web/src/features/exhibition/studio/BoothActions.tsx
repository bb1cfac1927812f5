import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { boothDeleteCall } from "@vitrine/contract";
import { useTranslation } from "react-i18next";
import { api } from "../../../api";
import { useResultMessage } from "../../../i18n/use-messages";

/** Props of {@link BoothActions}. */
export interface BoothActionsProps {
  boothId: string;
  isSaving: boolean;
  isDirty: boolean;
  onSave: () => void;
  onDeleted: (boothId: string) => void;
  /** A refused delete: the server's message. */
  onFailure: (message: string) => void;
}

/** Deleting the booth (after a confirmation) and saving the draft. */
export function BoothActions({
  boothId,
  isSaving,
  isDirty,
  onSave,
  onDeleted,
  onFailure,
}: BoothActionsProps) {
  const { t } = useTranslation("exhibition");
  const messageOf = useResultMessage();

  const remove = () =>
    modals.openConfirmModal({
      title: t("studio.deleteTitle"),
      children: <Text size="sm">{t("studio.deleteText")}</Text>,
      labels: { confirm: t("studio.delete"), cancel: t("studio.cancel") },
      confirmProps: { color: "red" },
      onConfirm: async () => {
        const res = await api(boothDeleteCall, { booth_id: boothId });
        if (res.status) onDeleted(boothId);
        else onFailure(messageOf(res));
      },
    });

  return (
    <Group justify="space-between" className="booth-actions">
      <Button variant="subtle" color="red" onClick={remove}>
        {t("studio.delete")}
      </Button>
      <Button onClick={onSave} loading={isSaving} disabled={!isDirty} data-testid="booth-save">
        {t("studio.save")}
      </Button>
    </Group>
  );
}
