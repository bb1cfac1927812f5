import { CloseButton, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./editor.module.css";
import type { TTab } from "./editor-tabs";

/** Props of {@link PanelSheet}. */
export interface PanelSheetProps {
  tab: TTab;
  onClose: () => void;
  /** The panel of the tab. */
  children: ReactNode;
}

/** Phones: the open panel as a bottom sheet in the layout, not over it, so the model stays in view. */
export function PanelSheet({ tab, onClose, children }: PanelSheetProps) {
  const { t } = useTranslation("content");
  return (
    <section className={classes.sheet} aria-label={t(`tabs.${tab}`)} data-testid="panel-sheet">
      <div className={classes.sheetHeader}>
        <Text fw={700}>{t(`tabs.${tab}`)}</Text>
        <CloseButton aria-label={t("editor.closePanel")} onClick={onClose} />
      </div>
      <div className={classes.panelBody} data-testid="editor-panel">
        {children}
      </div>
    </section>
  );
}
