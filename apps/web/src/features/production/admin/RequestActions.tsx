/** Console › Production: what can be done with one request at its status. */
import { Button, Group } from "@mantine/core";
import type { TProductionDoc } from "@vitrine/contract";
import { useTranslation } from "react-i18next";

/** The dialogs a request's actions open. */
export type TRequestDialog = "quote" | "deliver" | "message";

/** Props of {@link RequestActions}. */
export interface RequestActionsProps {
  doc: TProductionDoc;
  onDialog: (kind: TRequestDialog) => void;
  onMove: (to: "in_production" | "closed") => void;
}

/** Quote, start, deliver, message the owner, close: each where the request's status allows it. */
export function RequestActions({ doc, onDialog, onMove }: RequestActionsProps) {
  const { t } = useTranslation("production");
  return (
    <Group gap="xs" wrap="wrap">
      {["received", "quoted", "declined"].includes(doc.status) ? (
        <Button size="xs" onClick={() => onDialog("quote")}>
          {t("admin.quote")}
        </Button>
      ) : null}
      {["received", "quoted"].includes(doc.status) ? (
        <Button size="xs" variant="light" onClick={() => onMove("in_production")}>
          {t("admin.start")}
        </Button>
      ) : null}
      {["in_production", "delivered"].includes(doc.status) ? (
        <Button size="xs" color="teal" onClick={() => onDialog("deliver")}>
          {t("admin.deliver")}
        </Button>
      ) : null}
      <Button size="xs" variant="default" onClick={() => onDialog("message")}>
        {t("admin.messageOwner")}
      </Button>
      {doc.status !== "closed" ? (
        <Button size="xs" variant="subtle" color="gray" onClick={() => onMove("closed")}>
          {t("admin.close")}
        </Button>
      ) : null}
    </Group>
  );
}
