import { Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./editor.module.css";
import { TABS, type TTab } from "./editor-tabs";

/** Props of {@link EditorSidePanel}. */
export interface EditorSidePanelProps {
  tab: TTab;
  /** The tabs' `onChange`. */
  onTab: (value: string | null) => void;
  /** The panel of the tab. */
  children: ReactNode;
}

/** Wider screens: the panels beside the model, one tab each. */
export function EditorSidePanel({ tab, onTab, children }: EditorSidePanelProps) {
  const { t } = useTranslation("content");
  return (
    <aside className={classes.panel} aria-label={t("tabs.label")}>
      <Tabs value={tab} onChange={onTab}>
        <Tabs.List grow style={{ flexWrap: "nowrap", overflowX: "auto", scrollbarWidth: "none" }}>
          {TABS.map(({ value }) => (
            <Tabs.Tab key={value} value={value} px={6} fz="sm">
              {t(`tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <div className={classes.panelBody} data-testid="editor-panel">
        {children}
      </div>
    </aside>
  );
}
